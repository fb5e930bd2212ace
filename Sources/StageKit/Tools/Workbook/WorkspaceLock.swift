import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a second `workbook` out of a workspace while one works in it: an advisory lock (`flock`) on
/// `.workbook/lock`. The system takes it atomically and drops it when its holder ends however it
/// ends, so there is no stale lock to take over, and a process id left in the file by another
/// program means nothing.
public struct WorkspaceLock {
    private let descriptor: Int32

    /// What the lock file says of a holder that is a warm-up build, which others wait for.
    static let warmUp = "warm-up"

    /// Runs `body` holding the workspace's lock. A holder that is a warm-up build (`as: warmUp`) is
    /// waited for, after `waiting` is told; any other holder is an error.
    public static func holding<T>(
        _ workspace: URL, as holder: String = "", waiting: (String) -> Void = { _ in },
        _ body: () throws(StageKitError) -> T
    ) throws(StageKitError) -> T {
        let lock = try WorkspaceLock(workspace: workspace, holder: holder, waiting: waiting)
        defer { lock.release() }
        return try body()
    }

    init(workspace: URL, holder marker: String, waiting: (String) -> Void) throws(StageKitError) {
        let url = workspace.appendingPathComponent(".workbook/lock")
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .writeFailed(path: url.path, reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let holder =
                (try? String(contentsOf: url, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard holder.hasPrefix(Self.warmUp) else {
                close(descriptor)
                throw .busy(path: workspace.path, holder: holder)
            }
            waiting("Waiting for the build that began when your step was written to finish…")
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        _ = ftruncate(descriptor, 0)
        let pid = Array("\(marker.isEmpty ? "" : marker + " ")\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
