import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// Runs the child to its end, its time limit, or `cancellation`, on this thread. `whileRunning` is
    /// called here with what the child has shown: when it shows more (at most four times a second),
    /// and once a second while it shows nothing, so that a caller can show the time going by.
    package func run(cancellation: Cancellation? = nil, whileRunning: (Progress) -> Void = { _ in })
        throws(ChildProcessError) -> Result
    {
        // Once the last run ends, what its child left behind, hidden from the group and the mark, goes.
        Orphans.runStarted()
        defer { Orphans.runEnded() }
        let files = try ScratchFiles(input: input)
        defer { files.remove() }
        let output = try PipeEnds()
        let token = UUID().uuidString
        let group: pid_t
        do {
            group = try spawn(stdin: files.inputPath, output: output.writing, mark: token, handing: handing)
        } catch {
            close(output.reading)
            close(output.writing)
            throw error
        }
        close(output.writing)
        defer { close(output.reading) }
        _ = fcntl(output.reading, F_SETFL, fcntl(output.reading, F_GETFL) | O_NONBLOCK)
        let exit: ExitWatch
        do {
            exit = try ExitWatch(group)
        } catch {
            kill(-group, SIGKILL)
            _ = Self.reap(group)
            throw error
        }
        defer { exit.release() }
        let guardian: Guardian
        do {
            guardian = try Guardian(watching: group, mark: token, scratch: files.folder)
        } catch {
            kill(-group, SIGKILL)
            // The watch writes once the child has ended: its pipe must still be open then.
            _ = exit.hasEnded(within: nil)
            _ = Self.reap(group)
            throw error
        }

        var shown = OutputBuffer()
        let stopped = follow(
            group, exit: exit, output: output.reading, into: &shown, cancellation: cancellation,
            whileRunning: whileRunning)
        if stopped != nil { Self.stop(group: group, exit: exit, notingDescendants: notesDescendants) }
        // The leader has ended but is not reaped yet, so its group id cannot be reused: whatever it
        // left running in its group goes with it.
        kill(-group, SIGKILL)
        // And whatever it started that left its group.
        Stragglers.end(marked: token)
        guardian.dismiss()
        // What they all wrote before they ended is in the pipe.
        if let rest = readAvailable(output.reading) { shown.append(rest) }
        let termination = Self.reap(group)
        return Result(termination: stopped ?? termination, output: shown.text)
    }

    /// Runs the child to its end or its time limit on a thread of its own; cancelling the task stops
    /// it, with all it started, and its result says `.cancelled`.
    package func run(whileRunning: @escaping @Sendable (Progress) -> Void = { _ in })
        async throws(ChildProcessError)
        -> Result
    {
        if Task.isCancelled { return Result(termination: .cancelled, output: "") }
        let cancellation = try Cancellation()
        defer { cancellation.finish() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Swift.Result<Result, ChildProcessError>, Never>) in
                Thread.detachNewThread {
                    continuation.resume(
                        returning: Swift.Result { () throws(ChildProcessError) in
                            try self.run(cancellation: cancellation, whileRunning: whileRunning)
                        })
                }
            }
        } onCancel: {
            cancellation.fire()
        }
        return try outcome.get()
    }

    /// Waits on the child's end, its output and the cancellation together, collecting the output and
    /// reporting progress, until the child ends (nil) or must be stopped (why).
    private func follow(
        _ group: pid_t, exit: ExitWatch, output: Int32, into shown: inout OutputBuffer,
        cancellation: Cancellation?,
        whileRunning: (Progress) -> Void
    ) -> Termination? {
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + timeLimit
        var lastReport = started
        var reported = 0
        var outputOpen = true
        let cancelled = cancellation?.descriptor
        while true {
            let pending = shown.count != reported
            let nextReport = lastReport + (pending ? .milliseconds(250) : .seconds(1))
            let now = clock.now
            if now >= deadline { return .timedOut }
            let watched = [exit.pipe.reading] + (outputOpen ? [output] : []) + (cancelled.map { [$0] } ?? [])
            let ready = readable(watched, within: min(deadline, nextReport) - now)
            if ready.contains(output) {
                if let more = readAvailable(output) { shown.append(more) } else { outputOpen = false }
            }
            if ready.contains(exit.pipe.reading) { return nil }
            if let cancelled, ready.contains(cancelled) { return .cancelled }
            if clock.now >= nextReport {
                lastReport = clock.now
                reported = shown.count
                whileRunning(
                    Progress(
                        pid: group, output: Substring(shown.text),
                        elapsed: lastReport - started))
            }
        }
    }

    /// Interrupts the group and the leader's descendants as Ctrl-C would (a build cancels its own
    /// jobs), then, two seconds on, kills what is left, and waits for the leader's end. The
    /// descendants are noted first: a build tool runs each job in a process group of its own.
    static func stop(group: pid_t, exit: ExitWatch, notingDescendants: Bool = true) {
        let tree = notingDescendants ? descendants(of: group) : []
        for pid in [-group] + tree { kill(pid, SIGINT) }
        guard !exit.hasEnded(within: .seconds(2)) else {
            for pid in tree { kill(pid, SIGKILL) }
            return
        }
        for pid in [-group] + tree { kill(pid, SIGKILL) }
        _ = exit.hasEnded(within: nil)
    }

    /// The processes below `root` in the process tree, as `ps` lists them now.
    static func descendants(of root: pid_t) -> [pid_t] {
        var ps = ChildProcess(
            URL(fileURLWithPath: "/bin/ps"), ["-A", "-o", "pid=", "-o", "ppid="], timeLimit: .seconds(10))
        // A listing stopped at its limit does not list again.
        ps.notesDescendants = false
        let listing = try? ps.run()
        var children: [pid_t: [pid_t]] = [:]
        for line in (listing?.output ?? "").split(separator: "\n") {
            let numbers = line.split(separator: " ").compactMap { pid_t($0) }
            if numbers.count == 2 { children[numbers[1], default: []].append(numbers[0]) }
        }
        var found: [pid_t] = []
        var next = children[root] ?? []
        while let pid = next.popLast() {
            found.append(pid)
            next += children[pid] ?? []
        }
        return found
    }
}

/// The child's standard input, as a temporary file in a folder of its own that goes when the child
/// ends, or, if this process is killed first, with the guardian.
struct ScratchFiles {
    let folder: URL
    let inputPath: String

    init(input: ChildProcess.Input) throws(ChildProcessError) {
        folder = TemporaryFolder.uniqueName("child-")
        var data: Data?
        switch input {
        case .data(let bytes):
            inputPath = folder.appendingPathComponent("in").path
            data = bytes
        case .file(let path):
            inputPath = path
        }
        guard
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            data.map({ FileManager.default.createFile(atPath: inputPath, contents: $0) }) ?? true
        else {
            throw ChildProcessError(path: folder.path, reason: "the temporary folder does not take files")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
