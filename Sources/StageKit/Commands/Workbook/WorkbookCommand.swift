import WorkbookModel

/// A `workbook` command line, read before anything touches the disk.
package enum WorkbookCommand: Equatable, Sendable {
    case help
    case list
    case start(step: String, guided: Bool, force: Bool)
    case status
    case check
    case next
    case hint
    case diff
    case solution(force: Bool)
    case reset(wholeChapter: Bool, confirmed: Bool)
    case goto(step: String, confirmed: Bool)
    case watch
    case backups
    case restore(name: String?, confirmed: Bool)
    /// Builds the workspace in the background, started by the commands that write it, which hand it
    /// their lock at this descriptor.
    case warm(lockDescriptor: Int32?)

    /// Whether the command writes the learner's package, which a warm-up build then builds.
    var writesPackage: Bool {
        switch self {
        case .start, .goto, .reset, .restore: true
        default: false
        }
    }

    /// The command and the options every command takes.
    package struct Invocation: Equatable, Sendable {
        package var command: WorkbookCommand
        /// The workbook's folder; nil: found from the current folder.
        package var root: String?
        /// The learner's package; nil: `Workspace/` in the workbook's folder.
        package var workspace: String?
        /// Seconds a step's tests may run before they are stopped.
        package var timeLimit: Double
    }

    package static let defaultTimeLimit: Double = 30

    package static let usage = """
        workbook: follow the workbook one step at a time, in a workspace of your own (Workspace/).

          workbook start C[.S] [--guided] [--force]   start chapter C (at step S) in the workspace
          workbook status                            where you are, and what comes next
          workbook check                             build and test your code against this step's goal
          workbook next                              move on, once this step's goal is met
          workbook hint                              one more hint for this step
          workbook diff                              the workbook's own change for this step
          workbook solution [--force]                the workbook's code for this step, once you are green
          workbook reset [--chapter] [--yes]         this step (or the chapter) back to its start
          workbook goto C.S [--yes]                  jump to any step (for facilitators)
          workbook watch                             check again on every save, and move on when met; q stops
          workbook backups                           the copies kept of your work, newest first
          workbook restore [NAME] [--yes]            bring a copy back (what it replaces is kept first)
          workbook list                              the chapters and their steps

        Options for every command: --workspace DIR, --root DIR (the workbook's folder), --time-limit S
        (seconds a step's tests may run, 30 unless you say).
        With --guided, each red step's tests are brought in for you, and you write the code.
        Anything that replaces your files keeps a copy of them first ('workbook backups').
        """

    /// Reads the arguments (without the program's name).
    package static func parse(_ arguments: [String]) throws(StageKitError) -> Invocation {
        var reader = OptionReader(arguments, command: "workbook")
        let root = try reader.value("--root")
        let workspace = try reader.value("--workspace")
        var timeLimit = defaultTimeLimit
        if let text = try reader.value("--time-limit") {
            guard let seconds = Double(text), seconds >= 1, seconds <= 3600 else {
                throw .usage("--time-limit takes seconds from 1 to 3600, not '\(text)'")
            }
            timeLimit = seconds
        }
        if reader.flag("--help") || reader.flag("-h") {
            return Invocation(command: .help, root: root, workspace: workspace, timeLimit: timeLimit)
        }
        let command = try parseCommand(&reader)
        try reader.finish()
        return Invocation(command: command, root: root, workspace: workspace, timeLimit: timeLimit)
    }

    static func parseCommand(_ reader: inout OptionReader) throws(StageKitError) -> WorkbookCommand {
        guard let name = reader.optionalPositional() else { return .help }
        reader.command = name
        switch name {
        case "help": return .help
        case "list": return .list
        case "status": return .status
        case "check": return .check
        case "next": return .next
        case "hint": return .hint
        case "diff": return .diff
        case "watch": return .watch
        case "backups": return .backups
        case "warm":
            guard let text = try reader.value("--lock-descriptor") else { return .warm(lockDescriptor: nil) }
            guard let descriptor = Int32(text), descriptor >= 0 else {
                throw .usage("--lock-descriptor takes a file descriptor, not '\(text)'")
            }
            return .warm(lockDescriptor: descriptor)
        case "solution": return .solution(force: reader.flag("--force"))
        case "reset": return .reset(wholeChapter: reader.flag("--chapter"), confirmed: reader.flag("--yes"))
        case "start":
            let guided = reader.flag("--guided")
            let force = reader.flag("--force")
            return .start(
                step: try reader.positional("a chapter to start, like 1 or 1.3"), guided: guided, force: force
            )
        case "goto":
            let yes = reader.flag("--yes")
            return .goto(step: try reader.positional("a step to go to, like 2.3"), confirmed: yes)
        case "restore":
            let yes = reader.flag("--yes")
            return .restore(name: reader.optionalPositional(), confirmed: yes)
        default:
            throw .usage("'\(name)' is not a command of workbook")
        }
    }
}
