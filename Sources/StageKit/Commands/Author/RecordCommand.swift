import Foundation
import WorkbookAuthoring
import WorkbookModel

/// `stages record C.S --from DIR`.
struct RecordCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C.S", "the step to write (one past the chapter's last adds a step)", needs: "a step, like 3.4")
    static let from = OptionDeclaration.required("--from", "DIR", "the package to record")
    static let title = OptionDeclaration.value("--title", "T", "the step's title (a new step needs one)")
    static let declaration = CommandDeclaration(
        "record", "writes a step from a package: its files that differ from the step before",
        arguments: [step], options: [from, StepKind.option, title],
        discussion: """
            The files that differ from the package before it are written, and delete: lines for those it
            lacks; a red is run and its expectations written. A new step needs --kind and --title.
            """)

    /// The step the command line names ("1.3").
    let stepName: String
    let from: String
    let kind: StepKind?
    let title: String?

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        from = try arguments.required(Self.from)
        kind = try StepKind(arguments)
        title = arguments.value(Self.title)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName, allowingNext: true)
        guard let number, number > 0 else { throw .usage("name a step to record, like 3.4") }
        let recorder = StepRecorder(workbook: workbook) { () throws(StageKitError) in
            try tool.stepRunner(for: workbook)
        }
        // The package after the step as it was (before it, for a new step): the change to carry.
        let original =
            chapter.step(number).map { workbook.tree(after: $0, in: chapter) }
            ?? chapter.steps.last.map { workbook.tree(after: $0, in: chapter) } ?? FileTree()
        let id = try recorder.record(
            chapter, number: number, from: tool.resolve(from), kind: kind, title: title)
        tool.print("recorded step \(id).")
        guard try tool.carryRecorded(chapter.number, number, from: original) else {
            _ = try tool.afterAuthoring()
            return 1
        }
        return try tool.afterAuthoring()
    }
}
