import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel

/// `stages refresh C[.S]`.
struct RefreshCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C[.S]", "a chapter, or one of its steps", needs: "a chapter or a stage to refresh, like 3 or 3.4")
    static let declaration = CommandDeclaration(
        "refresh", "rewrites red steps' expectations from what the tools say now",
        arguments: [step],
        discussion: """
            Runs the red steps of chapter C (or step C.S), rewrites their diagnostic: and message: lines,
            then the chapter texts; review the diff.
            """)

    let step: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        step = try arguments.required(Self.step)
    }

    func run(in tool: StagesTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: step)
        let selection = WalkSelection(
            chapter: "\(chapter.number)",
            stage: number.map { StepID(chapter: chapter.number, step: $0).description })
        let report = try Walk(
            workbook: workbook, runner: try tool.stageRunner(for: workbook), print: tool.print
        )
        .run(selection)
        var refreshed: [String] = []
        for stageReport in report.stages {
            let stage = stageReport.stage
            let folder = StepFolder(workbook, chapter, folderName: stage.folderName)
            guard let text = try? folder.text(),
                let updated = StepRefresh.refreshed(text, of: stage, outcome: stageReport.outcome)
            else { continue }
            try PackageWriter.write(Data(updated.utf8), to: folder.header)
            refreshed.append(stage.id)
        }
        tool.print(
            refreshed.isEmpty
                ? "refresh: every red stage already says what it shows."
                : "refresh: rewrote the expectations of \(refreshed.joined(separator: ", ")); review them with git diff."
        )
        return try RenderCommand(check: false).run(in: tool)
    }
}
