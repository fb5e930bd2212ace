import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a test when every process a program started has ended, as an event: the program is handed
/// the writing end of a pipe, which each process it starts inherits (nothing the tools start closes a
/// descriptor it was given), and the reading end sees its end once the last of them has exited.
package final class Descendants {
    /// The descriptor the program gets the writing end as, clear of the standard three and of the
    /// workspace lock's (3).
    package static let handedAs: Int32 = 9
    private let reading: Int32
    /// The end to hand the program: closed in this process by `waitForAllToEnd`.
    package let writing: Int32

    package init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw NoNamedPipe(path: "pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        reading = ends[0]
        writing = ends[1]
    }

    /// Lets go of this process's writing end, then waits until no process holds one. True when that
    /// came; false when `guardLimit` passed first, which only a process that outlived the program can
    /// cause.
    package func waitForAllToEnd(guardLimit: Duration = .seconds(60)) -> Bool {
        close(writing)
        defer { close(reading) }
        var buffer = [UInt8](repeating: 0, count: 64)
        var poller = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(guardLimit / .milliseconds(1))
        while true {
            let answer = poll(&poller, 1, milliseconds)
            if answer == -1 && errno == EINTR { continue }
            guard answer == 1 else { return false }
            let count = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if count == 0 { return true }
            if count < 0 && errno != EINTR { return false }
        }
    }
}
