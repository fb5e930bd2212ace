import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `python3 -m http.server`, serving a temporary folder on 127.0.0.1 at a port the system picks: a
/// real HTTP peer on a real socket, started and stopped by the test that uses it.
final class PythonFileServer {
    /// Whether `python3` is on PATH; tests that need it are skipped, saying so, when it is not.
    static let isAvailable = findPython() != nil

    let baseURL: URL
    private let process: Process
    private let exited: DispatchSemaphore
    private let folder: URL

    /// Serves `files` (name → content) until `stop()`.
    init(serving files: [String: Data]) throws {
        guard let python = Self.findPython() else { throw ServerError.pythonMissing }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files {
            try data.write(to: folder.appendingPathComponent(name))
        }
        process = Process()
        let exited = DispatchSemaphore(value: 0)
        self.exited = exited
        process.terminationHandler = { _ in exited.signal() }
        process.executableURL = python
        process.arguments = [
            "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // It prints "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..." once listening.
        var printed = ""
        while !printed.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = printed.range(of: "port "),
            let port = Int(printed[range.upperBound...].prefix { $0.isNumber }),
            let url = URL(string: "http://127.0.0.1:\(port)/")
        else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerError.noPort(printed)
        }
        baseURL = url
    }

    /// Stops the server and waits for it to exit. It is killed, not asked to stop: a child started from
    /// a test inherits the test runner's blocked signals, so it would never see `terminate()`'s SIGTERM.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
        try? FileManager.default.removeItem(at: folder)
    }

    enum ServerError: Error {
        case pythonMissing
        case noPort(String)
    }

    private static func findPython() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
