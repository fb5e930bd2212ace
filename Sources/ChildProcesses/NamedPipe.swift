import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe (a FIFO) at a path of the caller's, that children are told to write to, read on a
/// thread of its own as it grows: what any number of writers wrote, one after another, in the order it came. A writer
/// that opens the path with truncation truncates nothing, so a second writer never erases the first's
/// lines, as it would a file's. The reader holds a writing end of its own until ``finish()``, so the
/// end of one writer is not the end of the stream.
package final class NamedPipe: Sendable {
    /// The pipe's path, to give to the writers.
    package let path: URL
    private let reading: Int32
    private let heldWriting: Int32
    private let state = Mutex(State())

    /// The most a pipe keeps: what a writer writes past it is read and dropped.
    package static let limit = 32 << 20

    private struct State {
        var data = Data()
        var ended = false
        var stopRequested = false
    }

    /// Makes the pipe at `path` (in place of whatever a process that was stopped left there; its
    /// folder is made if needed) and starts reading it. A folder of the caller's, not a temporary one:
    /// a process ended before ``finish()`` leaves the pipe where the next one replaces it.
    package init(at path: URL) throws(ChildProcessError) {
        self.path = path
        do {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ChildProcessError(path: path.path, reason: "its folder could not be made")
        }
        unlink(path.path)
        guard mkfifo(path.path, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            throw ChildProcessError(path: path.path, reason: "the pipe could not be made (\(reason))")
        }
        // Opened for reading without waiting for a writer, then for writing, which a reader lets go at
        // once; both ends closed in every program this process starts.
        let reading = open(path.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let writing = reading < 0 ? -1 : open(path.path, O_WRONLY | O_CLOEXEC)
        guard reading >= 0, writing >= 0 else {
            let reason = String(cString: strerror(errno))
            if reading >= 0 { close(reading) }
            unlink(path.path)
            throw ChildProcessError(path: path.path, reason: "the pipe could not be opened (\(reason))")
        }
        self.reading = reading
        heldWriting = writing
        Thread.detachNewThread { [self] in follow() }
    }

    /// What the writers have written so far.
    package var data: Data { state.withLock { $0.data } }

    /// Lets go of the reader's own writing end and waits until every writer has closed the pipe and
    /// all it holds is read, or `grace` has passed since (a writer that a test left running); then
    /// removes the pipe and returns all that was written. Called once.
    package func finish(grace: Duration = .seconds(2)) -> Data {
        close(heldWriting)
        let deadline = ContinuousClock.now + grace
        while !state.withLock({ $0.ended }) {
            let left = deadline - ContinuousClock.now
            if left <= .zero { break }
            _ = readable([], within: min(left, .milliseconds(20)))
        }
        state.withLock { $0.stopRequested = true }
        while !state.withLock({ $0.ended }) { _ = readable([], within: .milliseconds(5)) }
        close(reading)
        unlink(path.path)
        return data
    }

    /// Reads as the pipe fills, until every writer has closed it or ``finish()`` stops waiting.
    private func follow() {
        while true {
            let stop = state.withLock { $0.stopRequested }
            let ready = readable([reading], within: .milliseconds(50))
            if ready.contains(reading) {
                guard let more = readAvailable(reading) else { break }
                state.withLock {
                    if $0.data.count < Self.limit { $0.data.append(more.prefix(Self.limit - $0.data.count)) }
                }
            } else if stop {
                break
            }
        }
        state.withLock { $0.ended = true }
    }
}
