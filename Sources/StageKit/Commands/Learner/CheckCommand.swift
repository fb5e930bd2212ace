import Foundation
import StepJudging
import StepRunning
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// `workbook check [--json]`.
struct CheckCommand: LearnerCommand {
    static let json = OptionDeclaration.flag(
        "--json", "print the check's report as one JSON object (for editors and CI), all else on stderr")
    static let declaration = CommandDeclaration(
        "check", "build and test your code against this step's goal", options: [json],
        discussion: "Exits 0 when the goal is met, 1 when it is not yet, 2 when something is wrong.")
    /// A room is told the step the learner is at, or what its check said.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? {
        status == 0 ? .met : status == 1 ? .notMet : nil
    }

    /// Whether it prints its report as JSON on standard output.
    let printsJSON: Bool
    var answersWithAValue: Bool { printsJSON }

    init(_ arguments: ParsedArguments) {
        printsJSON = arguments.isSet(Self.json)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try end(in: session).status
    }

    func end(in session: LearnerSession) throws(StageKitError) -> CommandEnd {
        let checked = try Self.check(try session.current(), in: session)
        if printsJSON { session.answer(try Self.json(checked.report)) }
        return checked.end
    }

    /// The report as one line of JSON, its keys sorted.
    static func json(_ report: CheckReport) throws(StageKitError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self)
        } catch {
            throw .usage("the check's report could not be written as JSON: \(error.localizedDescription)")
        }
    }
}

/// A check's report, and the learner's progress as the check left it, which `next` and `watch` move on
/// from.
struct CheckedStep {
    let report: CheckReport
    let progress: LearnerProgress

    /// How `check` ends with it: 0 met, 1 not yet, and the line a room shows.
    var end: CommandEnd { CommandEnd(status: report.isMet ? 0 : 1, shown: report.shown) }
}

extension CheckCommand {
    /// Builds and tests the learner's package, the workbook's own tests for the step beside theirs,
    /// judges what it showed against the step's goal, prints that, and records the learner's progress.
    /// It reads the learner's files once (none, given `files` a caller read just before) and replays
    /// the chapter once.
    /// `suggestingNext`: whether to end a met check with "Next: 'workbook next'" (not when `next` or
    /// `watch` asked for it, and moves on by itself).
    static func check(
        _ place: LearnerPlace, in session: LearnerSession, suggestingNext: Bool = true,
        files given: FileTree? = nil
    ) throws(StageKitError) -> CheckedStep {
        let workspace = session.workspace
        guard let step = place.step else {
            session.print("You have done every step of chapter \(place.chapter.number).")
            let progress = CheckReport.Progress(met: place.progress.met, lastMiss: nil)
            return CheckedStep(
                report: CheckReport(
                    chapter: place.chapter.number, step: nil, kind: nil, verdict: .chapterDone,
                    progress: progress),
                progress: place.progress)
        }
        try checkManifest(of: place.chapter, in: workspace)
        let after = session.workbook.tree(after: step, in: place.chapter)
        try workspace.syncChecks(for: step, of: place.chapter, after: after)
        let files: FileTree
        if let given { files = given } else { files = try workspace.learnerFiles() }
        session.print("Checking \(step.heading)…")
        let runner = try session.effects.makeRunner(.workspace(tests: session.timeLimit))
        let outcome = try runner.check(workspace.folder, module: place.chapter.module, stepID: step.id)
        session.effects.showProgress("")
        let verdict = Judge(.learner).judge(step, outcome, files: files, of: place.chapter)
        let judged = CheckJudged(
            step: step, place: place, outcome: outcome, verdict: verdict, files: files, after: after,
            workspace: workspace)
        let progress = judged.progress
        let report = judged.report(recording: progress)
        for line in CheckCommand.lines(of: report, step: step) {
            session.print(line)
        }
        if progress != place.progress { try workspace.write(progress) }
        if report.verdict == .met, suggestingNext { session.print("Next: 'workbook next'.") }
        return CheckedStep(report: report, progress: progress)
    }

    /// The manifest names the workbook's own tests for the step: a changed one could run the learner's
    /// tests in their place, and the check would judge the wrong code.
    static func checkManifest(of chapter: Chapter, in workspace: LearnerWorkspace) throws(StageKitError) {
        let path = workspace.url("Package.swift").path
        guard let written = FileManager.default.contents(atPath: path) else {
            throw .missingFile(
                path: path,
                why: "the workspace is your package: 'workbook reset' writes this step's start again")
        }
        guard written == Data(StepPackage.manifest(for: chapter, workbookChecks: true).utf8) else {
            throw .usage(
                "your Package.swift is not the one the workbook wrote for this chapter, which names the tests a"
                    + " check runs: 'workbook reset' writes it again, keeping a copy of your work")
        }
    }
}
