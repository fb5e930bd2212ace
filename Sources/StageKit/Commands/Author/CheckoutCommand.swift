import WorkbookAuthoring
import WorkbookModel

/// `stages checkout C.S`.
struct CheckoutCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C.S", "the step (C.0: the chapter's start)", needs: "a step to check out, like 1.3")
    static let into = OptionDeclaration.value(
        "--into", "DIR", "where to write it (Workspace/ unless you say)")
    static let force = OptionDeclaration.flag(
        "--force", "move a folder that is not empty to DIR.backup-<time> first")
    static let declaration = CommandDeclaration(
        "checkout", "writes the package after a step into a folder of its own", arguments: [step],
        options: [into, force], discussion: "A folder that is not empty is refused, unless --force.")

    /// The step the command line names ("1.3").
    let stepName: String
    let into: String?
    let force: Bool

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        into = arguments.value(Self.into)
        force = arguments.isSet(Self.force)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, step) = try workbook.stepOrStart(named: stepName)
        let folder = into.map(tool.resolve) ?? workbook.root.appendingPathComponent("Workspace")
        let result = try StepCheckout.write(
            step: step, of: chapter, workbook: workbook, into: folder, force: force)
        if let backup = result.backup { tool.print("What \(folder.path) held is now in \(backup.path).") }
        if let step {
            tool.print("Step \(step.id) (\(step.kind.rawValue): \(step.title)) is in \(folder.path).")
        } else {
            tool.print("The start of chapter \(chapter.number) (\(chapter.title)) is in \(folder.path).")
        }
        tool.print("Read STAGE.md there, then run: cd \(folder.path) && swift test")
        return 0
    }
}
