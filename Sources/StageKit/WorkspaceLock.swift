import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a second `workbook` out of a workspace while one runs: a file holding the running process's
/// id. A lock whose process is gone (Ctrl-C, a crash) is taken over.
public struct WorkspaceLock {
    private let url: URL

    /// Runs `body` holding the workspace's lock.
    public static func holding<T>(_ workspace: URL, _ body: () throws(StageKitError) -> T)
        throws(StageKitError) -> T
    {
        let lock = try WorkspaceLock(workspace: workspace)
        defer { lock.release() }
        return try body()
    }

    init(workspace: URL) throws(StageKitError) {
        url = workspace.appendingPathComponent(".workbook/lock")
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        for _ in 0..<2 {
            let descriptor = open(url.path, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            if descriptor >= 0 {
                let pid = Data("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                return
            }
            let holder = (try? String(contentsOf: url, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if let holder, holder != getpid(), kill(holder, 0) == 0 {
                throw .usage(
                    "another workbook (process \(holder)) is working in \(workspace.path): wait for it to finish"
                )
            }
            try? FileManager.default.removeItem(at: url)
        }
        throw .writeFailed(path: url.path, reason: "the lock could not be taken")
    }

    func release() {
        try? FileManager.default.removeItem(at: url)
    }
}
