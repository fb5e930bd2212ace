import ChildProcesses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a test when every process a program started has ended, as an event: the program is handed
/// the writing end of a pipe, which each process it starts inherits (nothing the tools start closes a
/// descriptor it was given), and the reading end sees its end once the last of them has exited.
package final class Descendants: Sendable {
    /// The descriptor the program gets the writing end as, clear of the standard three and of the
    /// workspace lock's (3).
    package static let handedAs: Int32 = 9
    private let ends: PipeEnds
    /// The end to hand the program: closed in this process by `waitForAllToEnd`.
    package var writing: Int32 { ends.writing }

    package init() throws {
        ends = try PipeEnds()
        _ = fcntl(ends.reading, F_SETFL, fcntl(ends.reading, F_GETFL) | O_NONBLOCK)
    }

    /// Lets go of this process's writing end, then waits until no process holds one. True when that
    /// came; false when `guardLimit` passed first, which only a process that outlived the program can
    /// cause.
    package func waitForAllToEnd(guardLimit: Duration = .seconds(60)) -> Bool {
        close(ends.writing)
        defer { close(ends.reading) }
        let clock = ContinuousClock()
        let deadline = clock.now + guardLimit
        while clock.now < deadline {
            guard !readable([ends.reading], within: deadline - clock.now).isEmpty else { return false }
            // Nothing is ever written: readable means every writing end is closed.
            if readAvailable(ends.reading) == nil { return true }
        }
        return false
    }
}
