import WorkbookAuthoring
import WorkbookModel

/// `stages insert C.S --kind KIND --title T`.
struct InsertCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C.S", "where the new step goes", needs: "a step, like 3.4")
    static let kind = OptionDeclaration.required("--kind", "KIND", "red, green, refactor or test")
    static let title = OptionDeclaration.required("--title", "T", "the new step's title")
    static let declaration = CommandDeclaration(
        "insert", "makes room for a step: later folders renumbered, texts naming them rewritten",
        arguments: [step], options: [kind, title])

    /// The step the command line names ("1.3").
    let stepName: String
    let kind: StepKind
    let title: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        guard let kind = try StepKind(arguments) else { throw .usage("'insert' needs --kind KIND") }
        self.kind = kind
        title = try arguments.required(Self.title)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName, allowingNext: true)
        guard let number, number > 0 else { throw .usage("name where the step goes, like 3.4") }
        let folder = try StepRenumbering(workbook: workbook, chapter: chapter).insert(
            at: number, kind: kind, title: title)
        tool.print("inserted step \(stepName) in \(folder.path); write its files with:")
        tool.print(
            "  Scripts/stages record \(stepName) --from DIR   (a package: Scripts/checkout-stage writes one)")
        return try tool.afterAuthoring()
    }
}
