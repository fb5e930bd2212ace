import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the two tools do with the terminal they run in.
package enum Terminal {
    /// Unblocks every signal this process inherited blocked, so that Ctrl-C, SIGTERM and SIGHUP end it
    /// (and, through their guardians, what it started) even when its parent had blocked them.
    package static func unblockSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
    }

    /// Writes a line at once, not through a buffer, so that a watching terminal or a pipe sees it when
    /// it is said; a progress line shown before it is cleared first.
    package static func printLine(_ line: String, to handle: FileHandle = .standardOutput) {
        progress.clear()
        handle.write(Data((line + "\n").utf8))
    }

    /// The one line that shows what a long piece of work is doing, rewritten in place; only on a
    /// terminal (a pipe or a log gets the lines that stay).
    package static let progress = ProgressLine()
}

/// A line rewritten in place on a terminal.
package final class ProgressLine: Sendable {
    private let shown = Atomic<Bool>(false)
    private let isTerminal = isatty(STDOUT_FILENO) == 1

    package func show(_ text: String) {
        guard isTerminal else { return }
        if text.isEmpty {
            clear()
            return
        }
        let line = text.count > 100 ? String(text.prefix(99)) + "…" : text
        FileHandle.standardOutput.write(Data("\r\u{1B}[K\(line)".utf8))
        shown.store(true, ordering: .relaxed)
    }

    func clear() {
        guard shown.exchange(false, ordering: .relaxed) else { return }
        FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
    }
}

extension Terminal {
    /// Makes this process the program `arguments` name, found on the PATH, with the terminal, standard
    /// input and output as they are, and the signals this tool handles back to what they do by default
    /// (an ignored signal stays ignored across `exec`). Returns only when it could not, with why.
    static func become(_ arguments: [String]) -> String {
        guard let program = arguments.first else { return "no command was given" }
        for number in SignalEnding.signals { signal(number, SIG_DFL) }
        fflush(nil)
        var words = arguments.map { strdup($0) }
        words.append(nil)
        defer { for word in words { free(word) } }
        execvp(program, words)
        return String(cString: strerror(errno))
    }
}

/// Watches the keyboard for a single `q` (or the end of input): a terminal is put in its
/// one-key-at-a-time mode while watched, and given back as it was, also when a signal ends the process
/// (not every shell restores a terminal after a program killed by a signal: dash does not).
package final class KeyWatcher: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let saved = Mutex<termios?>(nil)

    package init() {}

    /// Whether `q` was pressed; the first call starts watching.
    package var stopRequested: Bool {
        if !started.exchange(true, ordering: .acquiringAndReleasing) { start() }
        return stopped.load(ordering: .acquiring)
    }

    private func start() {
        if isatty(STDIN_FILENO) == 1 {
            var settings = termios()
            if tcgetattr(STDIN_FILENO, &settings) == 0 {
                saved.withLock { $0 = settings }
                SignalEnding.add { [self] in finish() }
                settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            }
        }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { break }
            }
            stopped.store(true, ordering: .releasing)
        }
        thread.start()
    }

    /// Gives the terminal back as it was.
    package func finish() {
        guard var settings = saved.withLock({ $0 }) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}

/// What is done before a signal ends the process: the signals are handled on a queue, not in the
/// signal's own context, where almost nothing may safely run; the actions run in the order they were
/// added; then the signal is sent again, to the process, which ends as it would have (and its guardians
/// end what it started).
///
/// Every signal whose default is to end the process and that a program may catch is handled, but two:
/// SIGPIPE, which a closed output pipe sends and which must end the process as it is, for its actions
/// write to that output; and SIGKILL, which no program can catch (the guardians still end what it
/// started).
package enum SignalEnding {
    /// The signals handled: Ctrl-C, Ctrl-\, `kill`, a closed terminal, and the rest that end a process.
    static let signals: [Int32] = [
        SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    ]

    private static let actions = Mutex<[@Sendable () -> Void]>([])
    /// The sources that turn the signals into work on a queue: a source let go is cancelled.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])
    /// Set by the first of the signals: a second one (SIGHUP after Ctrl-C, say) runs nothing again.
    private static let ending = Atomic<Bool>(false)

    package static func add(_ action: @escaping @Sendable () -> Void) {
        let isFirst = actions.withLock { actions in
            actions.append(action)
            return actions.count == 1
        }
        if isFirst { install() }
    }

    private static func install() {
        for number in signals {
            signal(number, SIG_IGN)
            // Made inside the lock, so the source never crosses from one isolation to another.
            sources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if !ending.exchange(true, ordering: .acquiringAndReleasing) {
                        for action in actions.withLock({ $0 }) { action() }
                    }
                    signal(number, SIG_DFL)
                    // To the process, not this queue's thread, which blocks signals.
                    kill(getpid(), number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
