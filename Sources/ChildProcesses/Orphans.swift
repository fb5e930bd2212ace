import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a child leaves running when it ends, however it hid: a process that gave itself a session of
/// its own (`setsid`), an empty environment (no mark for ``Stragglers`` to find) and blocked signals.
///
/// On Linux a tool that calls ``adopt()`` becomes the parent of every orphan below it (the kernel's
/// `PR_SET_CHILD_SUBREAPER`): a process whose parent ends is handed to the tool instead of to init.
/// Every child the tool starts is known (``Spawn`` notes it, ``ChildProcess/reap(_:)`` forgets it), so a
/// child of the tool's that it never started is an orphan: when the last of the tool's runs ends, and
/// when a signal ends the tool, each is killed and reaped, and so are the orphans they leave in turn.
/// A Mac has no such call: there only what stays in the child's process group ends with it
/// (Chapters/PORTABILITY.md).
///
/// Only the tools adopt, never a test process: Swift Testing starts children of its own there (exit
/// tests) that nothing here knows.
package enum Orphans {
    private struct State {
        var adopting = false
        /// The children this process started and has not reaped: a count, as a pid reaped on one thread
        /// can be given to a child started on another before it is forgotten.
        var known: [pid_t: Int] = [:]
        var runs = 0
    }

    private static let state = Mutex(State())

    /// Whether this system lets a process adopt the orphans below it: Linux's alone.
    package static var canAdopt: Bool {
        #if os(Linux)
            return dlsym(nil, "prctl") != nil
        #else
            return false
        #endif
    }

    /// Makes this process the parent of the orphans below it, on Linux; elsewhere does nothing.
    package static func adopt() {
        #if os(Linux)
            // `prctl` is variadic in C, which Swift does not call: its symbol is called through a
            // fixed prototype, which Linux's calling conventions (x86-64, AArch64) pass alike.
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            let setChildSubreaper: Int32 = 36
            guard let symbol = dlsym(nil, "prctl") else { return }
            let prctl = unsafeBitCast(symbol, to: Prctl.self)
            if prctl(setChildSubreaper, 1, 0, 0, 0) == 0 { state.withLock { $0.adopting = true } }
        #endif
    }

    /// Starts a child through `start` and notes it as known, in one step that no sweep comes between.
    static func started(_ start: () throws(ChildProcessError) -> pid_t) throws(ChildProcessError) -> pid_t {
        try state.withLock { state throws(ChildProcessError) in
            let pid = try start()
            state.known[pid, default: 0] += 1
            return pid
        }
    }

    /// Forgets a child that was reaped.
    static func reaped(_ pid: pid_t) {
        state.withLock { state in
            if let count = state.known[pid], count > 1 {
                state.known[pid] = count - 1
            } else {
                state.known[pid] = nil
            }
        }
    }

    /// A run begins: no orphan is ended while one runs, for it may be that run's own work.
    static func runStarted() {
        state.withLock { $0.runs += 1 }
    }

    /// A run has ended and its leader's group with it: once no run is left, the orphans go.
    static func runEnded() {
        state.withLock { state in
            state.runs -= 1
            if state.adopting && state.runs == 0 { endAll(knowing: state.known) }
        }
    }

    /// Ends every orphan this process adopted, whatever still runs: for a tool a signal is ending.
    package static func end() {
        state.withLock { state in
            if state.adopting { endAll(knowing: state.known) }
        }
    }

    /// Kills and reaps the children that `known` does not hold, until a look finds none (a killed
    /// orphan's own children are handed to this process as it ends). Bounded, for a program that
    /// starts processes as fast as they are killed.
    private static func endAll(knowing known: [pid_t: Int]) {
        // A killed process that waits on a device (a hung network mount) ends only when the device
        // answers: it is waited for a little, then left to init when this process ends, never for ever.
        var stuck: Set<pid_t> = []
        for _ in 0..<50 {
            let orphans = children().filter { known[$0] == nil && !stuck.contains($0) }
            if orphans.isEmpty { return }
            for pid in orphans { kill(pid, SIGKILL) }
            for pid in orphans where !reap(pid, tries: 100) { stuck.insert(pid) }
        }
    }

    /// Reaps `pid` once it has ended, looking `tries` times, 10 ms apart; whether it was reaped.
    private static func reap(_ pid: pid_t, tries: Int) -> Bool {
        var status: Int32 = 0
        for _ in 0..<tries {
            let answer = waitpid(pid, &status, WNOHANG)
            if answer == pid || (answer == -1 && errno == ECHILD) { return true }
            if answer == 0 { usleep(10_000) }
        }
        return false
    }

    /// This process's children, as `/proc` lists them: the fourth field of each `stat`, after the
    /// program's name in parentheses, which may itself hold spaces and parentheses.
    private static func children() -> [pid_t] {
        let me = getpid()
        return ProcFiles.each("stat").compactMap { pid, data -> pid_t? in
            let stat = String(decoding: data, as: UTF8.self)
            guard let nameEnd = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
        }
    }
}
