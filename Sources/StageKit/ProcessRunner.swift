import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command to its end or its time limit, with its standard output and error in one text.
struct ProcessRunner {
    struct Result {
        var status: Int32
        var output: String
        var timedOut: Bool
    }

    var timeout: TimeInterval

    func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws(StageKitError) -> Result
    {
        let outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("stages-output-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
            let outputHandle = try? FileHandle(forWritingTo: outputURL)
        else { throw .writeFailed(path: outputURL.path, reason: "the temporary folder does not take files") }
        defer {
            try? outputHandle.close()
            try? FileManager.default.removeItem(at: outputURL)
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = outputHandle
        process.standardError = outputHandle
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw .missingFile(
                path: executable.path, why: "it could not be started (\(error.localizedDescription))")
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            // A child can have SIGTERM blocked (one started from a Swift Testing run inherits that).
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        let data = FileManager.default.contents(atPath: outputURL.path) ?? Data()
        return Result(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
            timedOut: timedOut)
    }
}

/// Finds the `swift` command the way a shell would.
public enum SwiftToolchain {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StageKitError) -> URL
    {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .toolchainMissing
    }
}
