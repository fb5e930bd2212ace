import WorkbookModel
import WorkbookRoom

/// A command of `workbook`: it declares its name, what it does and what it takes; it is made from a
/// command line read against that declaration, then run in a session on the learner's workspace.
/// Adding a command is a file with one of these, and its name in `LearnerTool.commands`.
protocol LearnerCommand {
    static var declaration: CommandDeclaration { get }
    init(_ arguments: ParsedArguments) throws(StageKitError)
    /// Whether it runs holding the workspace's lock, as every command that reads a step or writes the
    /// workspace does.
    static var holdsLock: Bool { get }
    /// Whether it writes the learner's package, which a build in the background then warms.
    static var writesPackage: Bool { get }
    func run(in session: LearnerSession) throws(StageKitError) -> Int32
    /// Runs it, and says how it ended: its status, and the line a room the learner joined is shown.
    func end(in session: LearnerSession) throws(StageKitError) -> CommandEnd
    /// Whether it answers with a value on standard output (`check --json`), saying all else on
    /// standard error.
    var answersWithAValue: Bool { get }
    /// What a room the learner joined is told after the command ended with `status`; nil: nothing.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind?
}

extension LearnerCommand {
    static var holdsLock: Bool { true }
    static var writesPackage: Bool { false }
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? { nil }
    var answersWithAValue: Bool { false }
    func end(in session: LearnerSession) throws(StageKitError) -> CommandEnd {
        CommandEnd(status: try run(in: session))
    }
}

/// How a command ended: its exit status, and the line a room the learner joined is shown beside its
/// verdict (what a check showed first, a note), as a value rather than read back from what it printed.
struct CommandEnd {
    var status: Int32
    var shown: String?

    init(status: Int32, shown: String? = nil) {
        self.status = status
        self.shown = shown
    }
}

/// The options every `workbook` command takes.
struct WorkbookOptions {
    static let root = OptionDeclaration.value(
        "--root", "DIR", "the workbook's folder (found from the current folder unless you say)")
    static let workspace = OptionDeclaration.value(
        "--workspace", "DIR", "your package (Workspace/ in the workbook's folder unless you say)")
    static let timeLimit = OptionDeclaration.value(
        "--time-limit", "S", "seconds a step's tests may run, from 1 to 3600 (30 unless you say)")
    static let all = [root, workspace, timeLimit]

    /// The workbook's folder; nil: found from the current folder.
    var root: String?
    /// The learner's package; nil: `Workspace/` in the workbook's folder.
    var workspace: String?
    /// Seconds a step's tests may run before they are stopped.
    var timeLimit: Double = 30

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        root = arguments.value(Self.root)
        workspace = arguments.value(Self.workspace)
        if let text = arguments.value(Self.timeLimit) {
            guard let seconds = Double(text), seconds >= 1, seconds <= 3600 else {
                throw .usage("--time-limit takes seconds from 1 to 3600, not '\(text)'")
            }
            timeLimit = seconds
        }
    }
}
