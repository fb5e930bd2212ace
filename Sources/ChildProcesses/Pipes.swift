import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two ends of a pipe, closed in every program this process starts (`FD_CLOEXEC`): a child gets
/// an end only as one of its standard descriptors, where `posix_spawn` puts it.
package struct PipeEnds: Sendable {
    package let reading: Int32
    package let writing: Int32

    package init() throws(ChildProcessError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError(path: "pipe", reason: String(cString: strerror(errno)))
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        reading = ends[0]
        writing = ends[1]
    }
}

/// Waits until one of `descriptors` can be read, or `timeout` passes (nil: no limit). Returns which
/// can be read (one that closed can be read too: its reader sees the end).
package func readable(_ descriptors: [Int32], within timeout: Duration?) -> Set<Int32> {
    var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    // A day at most, which poll's milliseconds hold; no time limit here is longer.
    let milliseconds =
        timeout.map { Int32(min(max(0, ($0 / .milliseconds(1)).rounded(.up)), 86_400_000)) } ?? -1
    var answer: Int32
    repeat {
        answer = poll(&polls, nfds_t(polls.count), milliseconds)
    } while answer == -1 && errno == EINTR
    return Set(polls.filter { $0.revents != 0 }.map(\.fd))
}

/// Reads what `descriptor` holds now, up to `limit` bytes, without waiting for more; nil once the
/// writers have all closed it. The limit keeps a child that writes without pause from holding its
/// reader here, away from its time limit.
package func readAvailable(_ descriptor: Int32, limit: Int = 1 << 20) -> Data? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while data.count < limit {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 {
            return data.isEmpty ? nil : data
        } else if errno != EINTR {
            return data  // EAGAIN: nothing more for now
        }
    }
    return data
}

/// A child's output as its caller keeps it: all of it up to `limit` bytes; past that, the first and the
/// last halves, with a line between them that says how much was left out (a test printing in a loop
/// until its time limit writes gigabytes; what a reader needs is its start and its end).
struct OutputBuffer {
    static let limit = 32 << 20
    private(set) var head = Data()
    private var tail = Data()
    private var leftOut = 0

    mutating func append(_ data: Data) {
        let half = Self.limit / 2
        if head.count < half {
            let room = half - head.count
            head.append(data.prefix(room))
            tail.append(data.dropFirst(room))
        } else {
            tail.append(data)
        }
        if tail.count > half {
            leftOut += tail.count - half
            tail = Data(tail.suffix(half))
        }
    }

    var count: Int { head.count + tail.count + leftOut }

    var text: String {
        let middle = leftOut == 0 ? "" : "\n[… \(leftOut) bytes of output left out …]\n"
        return String(decoding: head, as: UTF8.self) + middle + String(decoding: tail, as: UTF8.self)
    }
}

/// The child's end, told by a thread of its own that blocks in `waitid` until the child ends, then
/// writes to a pipe that the waiting run polls: no loop asks whether it has ended yet. The
/// child is left a zombie (`WNOWAIT`), so that its process group id cannot be reused before the run
/// has ended the group and reaped it.
struct ExitWatch {
    let pipe: PipeEnds

    init(_ pid: pid_t) throws(ChildProcessError) {
        pipe = try PipeEnds()
        let end = pipe.writing
        Thread.detachNewThread {
            ExitWatch.waitForEnd(of: pid)
            // A byte, not only the close: a program another thread started in the instant before this
            // pipe's ends were marked close-on-exec may hold a copy of this end, and delay its close.
            _ = Array("x".utf8).withUnsafeBytes { write(end, $0.baseAddress, 1) }
            close(end)
        }
    }

    /// Blocks until `pid` has exited or was killed. macOS's `waitid` also answers for a child that
    /// only stopped (`CLD_STOPPED`, `CLD_TRAPPED`): such a child is continued, since the tools never
    /// stop one, and waited for again. An end is `CLD_EXITED`, `CLD_KILLED` or `CLD_DUMPED` (1 to 3).
    static func waitForEnd(of pid: pid_t) {
        while true {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                if errno == EINTR { continue }
                return
            }
            if (1...3).contains(info.si_code) { return }
            kill(pid, SIGCONT)
        }
    }

    /// Whether the child has ended, waiting at most `timeout` (nil: until it has).
    func hasEnded(within timeout: Duration?) -> Bool {
        !readable([pipe.reading], within: timeout).isEmpty
    }

    /// Lets go of the watch's descriptor, once the child has ended.
    func release() {
        close(pipe.reading)
    }
}

/// A cancellation that a run waits on beside its child: `fire` makes its descriptor readable.
/// Firing after the run has ended does nothing.
package final class Cancellation: Sendable {
    private let ends: Mutex<PipeEnds?>

    package init() throws(ChildProcessError) {
        ends = Mutex(try PipeEnds())
    }

    var descriptor: Int32? { ends.withLock { $0?.reading } }

    package func fire() {
        ends.withLock { ends in
            guard let ends else { return }
            _ = Array("x".utf8).withUnsafeBytes { write(ends.writing, $0.baseAddress, 1) }
        }
    }

    func finish() {
        ends.withLock { ends in
            guard let open = ends else { return }
            close(open.reading)
            close(open.writing)
            ends = nil
        }
    }
}
