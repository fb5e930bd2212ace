import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the workbook's tools and tests start another program. The child runs in a process
/// group of its own, with the signals its parent blocked unblocked, and a guardian ends that whole
/// group if the parent dies first (Ctrl-C, SIGTERM, SIGHUP, a crash, `kill -9`). A child that runs
/// past its time limit is interrupted, then killed, with everything it started.
package struct ChildProcess: Sendable {
    package struct Result: Equatable, Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        package var status: Int32
        /// Standard output and standard error, in the order they were written.
        package var output: String
        package var timedOut: Bool

        package init(status: Int32, output: String, timedOut: Bool) {
            self.status = status
            self.output = output
            self.timedOut = timedOut
        }
    }

    /// What a running child has shown so far: its output, and the seconds since it started.
    package enum Input: Sendable {
        /// These bytes, then the end of input.
        case data(Data)
        /// Whatever is written to this file, a named pipe, say, until it is closed.
        case file(String)
    }

    package struct Progress: Sendable {
        /// The child's process id, which is also its process group's.
        package var pid: Int32
        package var output: Substring
        package var seconds: Double
    }

    package var executable: URL
    package var arguments: [String]
    package var folder: URL?
    /// The child's environment; nil: this process's.
    package var environment: [String: String]?
    /// What the child reads on its standard input.
    package var input: Input
    /// Seconds the child may run before it is stopped.
    package var timeout: Double

    package init(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        input: Input = .data(Data()), timeout: Double
    ) {
        self.executable = executable
        self.arguments = arguments
        self.folder = folder
        self.environment = environment
        self.input = input
        self.timeout = timeout
    }

    /// Runs the child to its end or its time limit. `whileRunning` is called about four times a
    /// second with what the child has shown so far.
    package func run(whileRunning: (Progress) -> Void = { _ in }) throws(ChildProcessError) -> Result {
        let files = try ScratchFiles(input: input)
        defer { files.remove() }
        let token = UUID().uuidString
        let group = try spawn(stdin: files.inputPath, output: files.outputPath, mark: token)
        let guardian = try Guardian(watching: group, mark: token, scratch: files.folder)
        let started = Date()
        var timedOut = false
        var lastReport = started
        while !Self.hasExited(group) {
            let seconds = Date().timeIntervalSince(started)
            if seconds > timeout {
                timedOut = true
                Self.stop(group: group)
                break
            }
            if Date().timeIntervalSince(lastReport) >= 0.25 {
                lastReport = Date()
                whileRunning(Progress(pid: group, output: Substring(files.output()), seconds: seconds))
            }
            usleep(seconds < 1 ? 5_000 : 25_000)
        }
        // The leader has ended but is not reaped yet, so its group id cannot be reused: whatever it
        // left running in its group goes with it.
        kill(-group, SIGKILL)
        // And whatever it started that left its group.
        Stragglers.end(marked: token)
        guardian.dismiss()
        let status = Self.reap(group)
        return Result(status: status, output: files.output(), timedOut: timedOut)
    }

    /// Starts the child in a process group of its own and leaves it running, with no guardian and its
    /// output thrown away: for work that must finish even when its starter has ended (a warm-up build,
    /// which stops by itself). `handing` is a descriptor of this process that the child gets as its
    /// descriptor `as` (a lock it takes over, say). Returns its process id.
    package func startDetached(handing descriptor: Int32? = nil, as target: Int32 = 3)
        throws(ChildProcessError)
        -> Int32
    {
        try spawn(
            stdin: "/dev/null", output: "/dev/null", mark: UUID().uuidString,
            handing: descriptor.map { ($0, target) })
    }

    /// Starts the child as the leader of a new process group, and returns its process id.
    func spawn(stdin: String, output: String, mark: String, handing: (Int32, as: Int32)? = nil)
        throws(ChildProcessError) -> pid_t
    {
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.open(0, stdin, O_RDONLY)
        actions.open(1, output, O_WRONLY | O_APPEND)
        actions.duplicate(1, as: 2)
        if let (descriptor, target) = handing { actions.duplicate(descriptor, as: target) }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        attributes.leadNewGroup()
        attributes.resetSignals()
        var environment = self.environment ?? ProcessInfo.processInfo.environment
        // The mark that finds what the child starts, wherever it goes (Stragglers).
        environment[Stragglers.variable] = mark
        var command = [executable.path] + arguments
        if let folder {
            // posix_spawn has no portable way to change folder: a shell does it, then becomes the child.
            command = ["/bin/sh", "-c", "cd -- \"$1\" && shift && exec \"$@\"", "sh", folder.path] + command
            environment["PWD"] = folder.path
        }
        return try Spawn.start(
            command[0], arguments: command,
            environment: environment.map { "\($0.key)=\($0.value)" }, actions: &actions,
            attributes: &attributes)
    }

    /// Interrupts the group as Ctrl-C would (a build cancels its own jobs), then kills what is left.
    static func stop(group: pid_t) {
        kill(-group, SIGINT)
        for _ in 0..<40 where !hasExited(group) { usleep(50_000) }
        kill(-group, SIGKILL)
        while !hasExited(group) { usleep(5_000) }
    }

    /// Whether the process has ended, without reaping it. macOS's `waitid` also answers for a child
    /// that only stopped, so the answer counts when its code says the child exited (1), was killed
    /// (2) or dumped core (3): `CLD_EXITED`, `CLD_KILLED` and `CLD_DUMPED` on Linux and macOS alike.
    static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let answer = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if answer != 0 { return errno != EINTR }
        return Self.pid(of: info) == pid && (1...3).contains(info.si_code)
    }

    static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    static func pid(of info: siginfo_t) -> pid_t {
        #if canImport(Glibc)
            info._sifields._sigchld.si_pid
        #else
            info.si_pid
        #endif
    }
}

/// Why a child could not be started.
package struct ChildProcessError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path) could not be started: \(reason)" }
}

/// The child's standard input and its output, as temporary files in a folder of their own: a file
/// never fills up and blocks the child as a pipe would, and its output can be read while it runs. The
/// folder goes when the child ends, or, if this process is killed first, with the guardian.
struct ScratchFiles {
    let folder: URL
    let inputPath: String
    let outputPath: String

    init(input: ChildProcess.Input) throws(ChildProcessError) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        outputPath = folder.appendingPathComponent("out").path
        var data = Data()
        switch input {
        case .data(let bytes):
            inputPath = folder.appendingPathComponent("in").path
            data = bytes
        case .file(let path):
            inputPath = path
        }
        let ownsInput = inputPath.hasPrefix(folder.path + "/")
        guard
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            !ownsInput || FileManager.default.createFile(atPath: inputPath, contents: data),
            FileManager.default.createFile(atPath: outputPath, contents: nil)
        else {
            throw ChildProcessError(path: folder.path, reason: "the temporary folder does not take files")
        }
    }

    func output() -> String {
        String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
