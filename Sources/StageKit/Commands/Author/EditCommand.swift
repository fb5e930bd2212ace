import Foundation
import WorkbookAuthoring
import WorkbookModel

/// `stages edit C.S [--from DIR]`.
struct EditCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required("C.S", "the step to change", needs: "a step, like 3.4")
    static let from = OptionDeclaration.value("--from", "DIR", "the edited package to record and carry")
    static let declaration = CommandDeclaration(
        "edit", "changes a step and carries the change through every later step",
        arguments: [step], options: [from],
        discussion: """
            Without --from: writes the package after C.S into Workspace-edit/ to edit. With it: records
            DIR's change in C.S and carries it through every later step (and chapters continuing this one)
            by a three-way merge; on a conflict, changes nothing and names it.
            """)

    /// The step the command line names ("1.3").
    let stepName: String
    let from: String?

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        from = arguments.value(Self.from)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName)
        guard let number, let step = chapter.step(number) else { throw .unknownStep(stepName) }
        guard let from else {
            let folder = workbook.root.appendingPathComponent("Workspace-edit")
            _ = try StepCheckout.write(
                step: step, of: chapter, workbook: workbook, into: folder, force: false)
            tool.print("The package after step \(stepName) is in \(folder.path). Edit it, then run:")
            tool.print("  Scripts/stages edit \(stepName) --from \(folder.path)")
            return 0
        }
        let edited = try StepFolder.packageFiles(of: chapter, in: tool.resolve(from))
        let (writes, conflicts) = try CarryForward(workbook: workbook, git: try tool.locate("git")).plan(
            chapter, number: number, edited: edited)
        guard conflicts.isEmpty else {
            tool.printError("stages: nothing was changed; the change cannot be carried forward past these:")
            for conflict in conflicts { tool.printError("  \(conflict)") }
            return 1
        }
        for write in writes { try write.folder.write(write.files, deleting: write.deletions) }
        tool.print("carried the change of step \(stepName) through \(writes.count) step folder(s).")
        return try tool.afterAuthoring()
    }
}
