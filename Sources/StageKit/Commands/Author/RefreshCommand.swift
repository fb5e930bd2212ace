import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel

/// `stages refresh C[.S]`.
struct RefreshCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C[.S]", "a chapter, or one of its steps", needs: "a chapter or a step to refresh, like 3 or 3.4")
    static let declaration = CommandDeclaration(
        "refresh", "rewrites red steps' expectations from what the tools say now",
        arguments: [step],
        discussion: """
            Runs the red steps of chapter C (or step C.S), rewrites their diagnostic: and message: lines,
            then the chapter texts; review the diff.
            """)

    /// The step the command line names ("1.3").
    let stepName: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName)
        let selection = WalkSelection(
            chapter: "\(chapter.number)",
            step: number.map { StepID(chapter: chapter.number, step: $0).description })
        let report = try Walk(
            workbook: workbook, runner: try tool.stepRunner(for: workbook), print: tool.print
        )
        .run(selection)
        var refreshed: [String] = []
        for stepReport in report.steps {
            let step = stepReport.step
            let folder = StepFolder(workbook, chapter, folderName: step.folderName)
            guard let text = try? folder.text(),
                let updated = StepRefresh.refreshed(text, of: step, outcome: stepReport.outcome)
            else { continue }
            try PackageWriter.write(Data(updated.utf8), to: folder.header)
            refreshed.append(step.id)
        }
        tool.print(
            refreshed.isEmpty
                ? "refresh: every red step already says what it shows."
                : "refresh: rewrote the expectations of \(refreshed.joined(separator: ", ")); review them with git diff."
        )
        return try RenderCommand(check: false).run(in: tool)
    }
}
