import Foundation
import StepJudging
import StepRunning
import WorkbookModel
import WorkbookText

/// What a check saw and judged, made into its report and the learner's progress: no file is read and
/// nothing printed here.
struct CheckJudged {
    let step: Step
    let place: LearnerPlace
    let outcome: Outcome
    let verdict: Verdict
    /// The learner's files under `Sources/` and `Tests/`, read once for the whole check.
    let files: FileTree
    /// The chapter's package after the step, replayed once for the whole check.
    let after: FileTree
    let workspace: LearnerWorkspace
    /// The tests it ran, split once into the learner's own and the workbook's copies beside them.
    let tests: SplitTests
    /// A short digest of the learner's files as the check built them.
    let fingerprint: String

    init(
        step: Step, place: LearnerPlace, outcome: Outcome, verdict: Verdict, files: FileTree, after: FileTree,
        workspace: LearnerWorkspace
    ) {
        self.step = step
        self.place = place
        self.outcome = outcome
        self.verdict = verdict
        self.files = files
        self.after = after
        self.workspace = workspace
        tests = SplitTests(outcome)
        fingerprint = LearnerWorkspace.fingerprint(of: files)
    }

    /// A red whose test records more than the step expects is not said to fail "for the right reason".
    var alsoFailsUnexpectedly: Bool {
        verdict.notes.contains {
            if case .moreIssuesThanExpected = $0 { true } else { false }
        }
    }

    /// The check's report, given the learner's progress as it records it (`progress`).
    func report(recording progress: LearnerProgress) -> CheckReport {
        let met = verdict.isMet
        let lines = verdict.lines(for: .learner)
        let saidAlready: Bool
        if case .doesNotCompile = verdict.findings.first { saidAlready = true } else { saidAlready = false }
        return CheckReport(
            chapter: place.chapter.number, step: step.id, kind: step.kind.rawValue,
            verdict: met ? .met : .notMet, alsoFailsUnexpectedly: met && alsoFailsUnexpectedly,
            goal: StepTexts.goal(of: step, in: place.chapter), summary: tests.learnersSummary,
            summaryOfAll: outcome.summary,
            findings: lines.map(inLearnersWords), summarySaysFirstFinding: saidAlready,
            notes: verdict.noteLines(for: .learner).map(inLearnersWords),
            details: met && !alsoFailsUnexpectedly ? tests.redDetails.map(inLearnersWords) : [],
            // The first thing it showed (the compiler's error, a failed expectation), as the learner saw
            // it, rather than what the goal missed: a room shows what each learner is looking at.
            shown: met ? nil : tests.firstShown.map(inLearnersWords) ?? lines.first,
            tests: tests.report, testFiles: testFiles, alreadyHadTheShape: met && alreadyHadTheShape,
            progress: CheckReport.Progress(met: progress.met, lastMiss: progress.lastMiss?[step.id]))
    }

    /// The learner's progress once the check is recorded: a met step with its files' digest, or the
    /// line a missed one keeps for `workbook hint`.
    var progress: LearnerProgress {
        var progress = place.progress
        guard verdict.isMet else {
            let lines = verdict.lines(for: .learner)
            guard var first = lines.first else { return progress }
            // A line that introduces a list ("…against your code:") is kept with the list's first item.
            if first.hasSuffix(":"), lines.count > 1 {
                first += " " + (lines[1].split(separator: "\n").first.map { $0.trimmingWhitespace() } ?? "")
            }
            progress.lastMiss = (progress.lastMiss ?? [:]).merging([step.id: first]) { _, new in new }
            return progress
        }
        if !progress.met.contains(step.id) { progress.met.append(step.id) }
        progress.lastMiss?[step.id] = nil
        progress.metFiles = (progress.metFiles ?? [:]).merging([step.id: fingerprint]) { _, new in new }
        return progress
    }

    /// A refactor the learner's code met with no change since the step before: their code had the shape.
    var alreadyHadTheShape: Bool {
        switch step.kind {
        case .refactor:
            guard let before = place.chapter.step(step.number - 1) else { return false }
            return place.progress.metFiles?[before.id] == fingerprint
        case .red, .green, .test:
            return false
        }
    }

    /// Past a red step, how the learner's test files differ from the workbook's in their code
    /// (comments and blank lines aside); nil at a red step, or when they do not differ.
    var testFiles: CheckReport.TestFilesDifference? {
        switch step.kind {
        case .red: return nil
        case .green, .refactor, .test: break
        }
        let isTest = { (path: String) in path.hasPrefix("Tests/") && path.hasSuffix(".swift") }
        let theirs = files.files.filter { isTest($0.key) }
        let ours = after.files.filter { isTest($0.key) }
        let differing = theirs.keys.filter { path in
            ours[path].map { Self.codeLines(of: $0) != Self.codeLines(of: theirs[path] ?? Data()) } ?? false
        }
        let bothRan: Bool
        if case .tested = outcome { bothRan = true } else { bothRan = false }
        let difference = CheckReport.TestFilesDifference(
            differing: differing.sorted(), onlyLearners: theirs.keys.filter { ours[$0] == nil }.sorted(),
            onlyWorkbooks: ours.keys.filter { theirs[$0] == nil }.sorted(), bothRan: bothRan)
        return difference.isEmpty ? nil : difference
    }

    /// A Swift file's lines of code: its comment lines and blank lines left out, each line trimmed.
    static func codeLines(of file: Data) -> [String] {
        String(decoding: file, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    /// A line of what the check showed, with the workbook's own tests named as a learner knows them
    /// rather than by their target and folder (`WorkbookChecks`, `.workbook/checks`).
    func inLearnersWords(_ line: String) -> String {
        line.replacingOccurrences(
            of: workspace.url(StepPackage.checksFolder).path + "/", with: "the workbook's tests, "
        )
        .replacingOccurrences(of: StepPackage.checksModule + ".", with: "the workbook's tests, ")
        .replacingOccurrences(of: StepPackage.checksModule + "/", with: "the workbook's tests, ")
    }
}
