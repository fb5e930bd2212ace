import Foundation
import StepRunning
import WorkbookModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a second `workbook` out of a workspace while one works in it: an advisory lock (`flock`) on
/// `.workbook/lock`. The system takes it atomically and drops it when its holder ends however it
/// ends, so there is no stale lock to take over, and a process id left in the file by another
/// program means nothing. A command that writes the package hands its lock to the warm-up build it
/// starts, so that no other command can come in between and build cold.
package struct WorkspaceLock: Sendable {
    private let descriptor: Int32

    /// What the lock file says of a holder that is a warm-up build, which others wait for.
    static let warmUp = "warm-up"

    /// The descriptor at which a warm-up build finds the lock it was handed.
    package static let handedOverDescriptor: Int32 = 3

    /// Runs `body` holding the workspace's lock. A holder that is a warm-up build (`as: warmUp`) is
    /// waited for, after `waiting` is told; any other holder is an error.
    package static func holding<T>(
        _ workspace: URL, as holder: String = "", waiting: (String) -> Void = { _ in },
        _ body: (WorkspaceLock) throws(StageKitError) -> T
    ) throws(StageKitError) -> T {
        let lock = try WorkspaceLock(workspace: workspace, holder: holder, waiting: waiting)
        defer { lock.release() }
        return try body(lock)
    }

    /// Runs `body` holding the lock that the starter handed over at `descriptor`, when that is the
    /// workspace's lock and still held; otherwise takes the lock as `holding(as: warmUp)` does.
    static func adopting<T>(
        _ descriptor: Int32?, of workspace: URL, _ body: () throws(StageKitError) -> T
    ) throws(StageKitError) -> T {
        guard let descriptor, let lock = WorkspaceLock(adopting: descriptor, of: workspace) else {
            return try holding(workspace, as: warmUp) { _ throws(StageKitError) in try body() }
        }
        defer { lock.release() }
        return try body()
    }

    /// Marks the lock as a warm-up build's and gives `start` a copy of its descriptor for the child it
    /// starts: the lock then stays held, by the child, when this process lets go of its own copy.
    func handOver(to start: (Int32) -> Void) {
        mark(Self.warmUp)
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
        guard copy >= 0 else { return }
        start(copy)
        close(copy)
    }

    init(workspace: URL, holder marker: String, waiting: (String) -> Void) throws(StageKitError) {
        let url = workspace.appendingPathComponent(".workbook/lock")
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .writeFailed(path: url.path, reason: String(cString: strerror(errno)))
        }
        if !Self.lockSoon(descriptor) {
            let holder = Self.holder(in: url)
            guard holder.hasPrefix(Self.warmUp) else {
                close(descriptor)
                throw .busy(path: workspace.path, holder: holder)
            }
            waiting(
                "Your package is being built in the background since the step began; waiting for that build"
                    + " (at most \(Int(SwiftPMStepRunner.warmUpLimit / 60)) minutes)…")
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        mark(marker)
    }

    /// The lock handed over at `descriptor`, if it is this workspace's lock file and held through it.
    private init?(adopting descriptor: Int32, of workspace: URL) {
        var handed = stat()
        var file = stat()
        let path = workspace.appendingPathComponent(".workbook/lock").path
        guard fstat(descriptor, &handed) == 0, stat(path, &file) == 0,
            handed.st_dev == file.st_dev, handed.st_ino == file.st_ino,
            flock(descriptor, LOCK_EX | LOCK_NB) == 0
        else { return nil }
        // Handed over without close-on-exec: the builds this process starts must not hold it too.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        mark(Self.warmUp)
    }

    /// Takes the lock if it is free now or within a fifth of a second: a lock let go a moment ago stays
    /// held until a program that another thread was starting at that moment runs, and so lets go of
    /// its copy of the descriptor (seen in the tools' tests, which run commands beside such threads).
    static func lockSoon(_ descriptor: Int32) -> Bool {
        for attempt in 0..<20 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            if attempt < 19 { Thread.sleep(forTimeInterval: 0.01) }
        }
        return false
    }

    /// What the lock file says of its holder: its first line (a mark being rewritten may leave the end
    /// of a longer one behind it for a moment).
    static func holder(in lockFile: URL) -> String {
        let text = (try? String(contentsOf: lockFile, encoding: .utf8)) ?? ""
        return String(text.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Writes who holds the lock: a marker, if any, and this process's id. The text is written over
    /// the old one and then cut to its length, never emptied first: a command reading the file while
    /// a warm-up marks it again must still find "warm-up", or it would refuse instead of waiting.
    func mark(_ marker: String) {
        let text = Array("\(marker.isEmpty ? "" : marker + " ")\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, off_t(text.count))
    }

    /// Lets go of this process's copy of the lock. The lock ends with the last copy: one handed to a
    /// warm-up build keeps it until that build ends.
    func release() {
        close(descriptor)
    }
}
