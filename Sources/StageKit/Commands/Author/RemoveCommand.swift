import WorkbookAuthoring
import WorkbookModel

/// `stages remove C.S`.
struct RemoveCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required("C.S", "the step to take away", needs: "a step, like 3.4")
    static let declaration = CommandDeclaration(
        "remove", "takes a step away and renumbers the later ones", arguments: [step],
        discussion: """
            Its files go into the next step, its folder to .build/removed-stages/; the texts that name the
            later steps are rewritten.
            """)

    /// The step the command line names ("1.3").
    let stepName: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName)
        guard let number, number > 0 else { throw .unknownStep(stepName) }
        let (backup, mentions) = try StepRenumbering(workbook: workbook, chapter: chapter).remove(number)
        tool.print("removed step \(stepName); its folder is in \(backup.path).")
        for path in mentions { tool.print("  \(path) named step \(stepName): say what it means now.") }
        return try tool.afterAuthoring()
    }
}
