import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the workbook's tools and tests start another program. The child runs in a process
/// group of its own, with the signals its parent blocked unblocked, and a guardian ends that whole
/// group if the parent dies first (Ctrl-C, SIGTERM, SIGHUP, a crash, `kill -9`). A child that runs
/// past its time limit, or whose task is cancelled, is interrupted, then killed, with everything it
/// started. Its output reaches the caller as it comes, through a pipe.
package struct ChildProcess: Sendable {
    /// How a child ended.
    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited by itself, with this code.
        case exited(Int32)
        /// A signal ended it, one this process did not send.
        case signalled(Int32)
        /// It ran past its time limit, and was stopped with all it started.
        case timedOut
        /// The task that ran it was cancelled, and it was stopped with all it started.
        case cancelled

        package var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was ended by signal \(signal)"
            case .timedOut: "ran past its time limit and was stopped"
            case .cancelled: "was stopped when its task was cancelled"
            }
        }
    }

    package struct Result: Equatable, Sendable {
        package var termination: Termination
        /// Standard output and standard error, in the order they were written.
        package var output: String

        package init(termination: Termination, output: String) {
            self.termination = termination
            self.output = output
        }

        /// Whether it exited by itself with status 0.
        package var succeeded: Bool { termination == .exited(0) }
    }

    /// What the child reads on its standard input.
    package enum Input: Sendable {
        /// These bytes, then the end of input.
        case data(Data)
        /// Whatever is written to this file, a named pipe, say, until it is closed.
        case file(String)
    }

    /// What a running child has shown so far: its output, and the time since it started.
    package struct Progress: Sendable {
        /// The child's process id, which is also its process group's.
        package var pid: Int32
        package var output: Substring
        package var elapsed: Duration
    }

    package var executable: URL
    package var arguments: [String]
    /// The folder the child starts in; nil: this process's.
    package var folder: URL?
    /// The child's environment; nil: this process's.
    package var environment: [String: String]?
    package var input: Input
    /// How long the child may run before it is stopped.
    package var timeLimit: Duration
    /// A descriptor of this process the child gets as another of its own (`as`), open in everything
    /// it starts: a test's pipe that ends when they all have, say.
    package var handing: (descriptor: Int32, as: Int32)?
    /// Whether stopping the child first notes its descendants (with `ps`) to stop them too; not for
    /// that listing itself.
    var notesDescendants = true

    package init(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        input: Input = .data(Data()), timeLimit: Duration
    ) {
        self.executable = executable
        self.arguments = arguments
        self.folder = folder
        self.environment = environment
        self.input = input
        self.timeLimit = timeLimit
    }

    /// Starts the child in a process group of its own and leaves it running, with no guardian and its
    /// output thrown away: for work that must finish even when its starter has ended (a warm-up build,
    /// which stops by itself). `handing` is a descriptor of this process that the child gets as its
    /// descriptor `as` (a lock it takes over, say). Returns its process id.
    package func startDetached(handing descriptor: Int32? = nil, as target: Int32 = 3)
        throws(ChildProcessError) -> Int32
    {
        try spawn(
            stdin: "/dev/null", output: nil, mark: UUID().uuidString, handing: descriptor.map { ($0, target) }
        )
    }

    /// Starts the child as the leader of a new process group, with `output` (nil: /dev/null) as its
    /// standard output and error, and returns its process id.
    func spawn(stdin: String, output: Int32?, mark: String, handing: (Int32, as: Int32)? = nil)
        throws(ChildProcessError) -> pid_t
    {
        var isFolder: ObjCBool = false
        if let folder,
            !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
                || !isFolder.boolValue
        {
            throw ChildProcessError(
                path: folder.path, reason: "it is no folder, to start \(executable.lastPathComponent) in")
        }
        var actions = SpawnActions()
        defer { actions.destroy() }
        if let folder { try actions.changeDirectory(to: folder.path) }
        actions.open(0, stdin, O_RDONLY)
        if let output {
            actions.duplicate(output, as: 1)
        } else {
            actions.open(1, "/dev/null", O_WRONLY)
        }
        actions.duplicate(1, as: 2)
        if let (descriptor, target) = handing { actions.duplicate(descriptor, as: target) }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        attributes.leadNewGroup()
        attributes.resetSignals()
        var environment = self.environment ?? ProcessInfo.processInfo.environment
        // The mark that finds what the child starts, wherever it goes (Stragglers).
        environment[Stragglers.variable] = mark
        if let folder { environment["PWD"] = folder.path }
        return try Spawn.start(
            executable.path, arguments: [executable.path] + arguments,
            environment: environment.map { "\($0.key)=\($0.value)" }, actions: &actions,
            attributes: &attributes)
    }

    /// Reaps the ended child, and says how it ended.
    static func reap(_ pid: pid_t) -> Termination {
        var status: Int32 = 0
        // Forgotten however the wait ends: a pid kept as known could hide an orphan given it later.
        defer { Orphans.reaped(pid) }
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return .exited(-1) }
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Why a child could not be started.
package struct ChildProcessError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path) could not be started: \(reason)" }
}
