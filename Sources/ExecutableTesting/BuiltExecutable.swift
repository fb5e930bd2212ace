import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The workbook's executables as end-to-end tests see them: built by SwiftPM beside the test binary,
/// and run as a person would, with standard input and both output streams.
public enum BuiltExecutable {
    /// The executable `name` that SwiftPM built beside the running tests, or nil when it is not there.
    public static func named(_ name: String) -> URL? {
        var folder = Bundle.main.executableURL?.deletingLastPathComponent()
        for _ in 0..<4 {
            guard let current = folder else { return nil }
            let candidate = current.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = current.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` to its end with `input` on its standard input, and returns its exit status and
    /// what it printed on both streams. Past `timeout` seconds it is killed (SIGKILL: a child of a Swift
    /// Testing run inherits blocked signals and would not see SIGTERM).
    public static func run(
        _ executable: URL, _ arguments: [String], input: String = "", timeout: TimeInterval = 60
    )
        throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let keyboard = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = keyboard
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        keyboard.fileHandleForWriting.write(Data(input.utf8))
        try keyboard.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
