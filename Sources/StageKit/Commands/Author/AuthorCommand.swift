import WorkbookAuthoring
import WorkbookModel

/// A command of `stages`: it declares its name, what it does and what it takes; it is made from a
/// command line read against that declaration, then run by the tool. Adding a command is a file with
/// one of these, and its name in `AuthorTool.commands`.
protocol AuthorCommand {
    static var declaration: CommandDeclaration { get }
    init(_ arguments: ParsedArguments) throws(StageKitError)
    func run(in tool: AuthorTool) throws(StageKitError) -> Int32
}

/// The options every `stages` command takes.
enum AuthorOptions {
    static let root = OptionDeclaration.value(
        "--root", "DIR", "the workbook's folder (the current folder unless you say)")
}

extension WalkSelection {
    static let chapterOption = OptionDeclaration.value("--chapter", "C", "only chapter C")
    static let stepOption = OptionDeclaration.value("--step", "C.S", "only step C.S", alias: "--stage")
    static let fromOption = OptionDeclaration.value("--from", "C.S", "from step C.S on")
    static let options = [chapterOption, stepOption, fromOption]

    /// The steps a command line names: every one, a chapter's, one step, or from one on.
    init(_ arguments: ParsedArguments) throws(StageKitError) {
        self.init(
            chapter: arguments.value(Self.chapterOption), step: arguments.value(Self.stepOption),
            from: arguments.value(Self.fromOption))
        if step != nil && from != nil {
            throw .usage("--step and --from do not go together: name one step, or where to start")
        }
    }
}

extension StepKind {
    static let option = OptionDeclaration.value("--kind", "KIND", "red, green, refactor or test")

    /// The kind a command line names; nil when it names none.
    init?(_ arguments: ParsedArguments) throws(StageKitError) {
        guard let text = arguments.value(Self.option) else { return nil }
        guard let kind = StepKind(rawValue: text) else {
            throw .usage("--kind is red, green, refactor or test, not '\(text)'")
        }
        self = kind
    }
}
