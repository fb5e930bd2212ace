import Foundation
import StepJudging
import StepRunning
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// `workbook check`.
struct CheckCommand: LearnerCommand {
    static let declaration = CommandDeclaration(
        "check", "build and test your code against this step's goal",
        discussion: "Exits 0 when the goal is met, 1 when it is not yet, 2 when something is wrong.")
    /// A room is told the step the learner is at, or what its check said.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? {
        status == 0 ? .met : status == 1 ? .notMet : nil
    }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try session.check(try session.current()).met ? 0 : 1
    }
}

extension LearnerSession {
    /// `workbook check`: builds and tests the learner's package, the workbook's own tests for the step
    /// beside theirs, and says, against the step's goal, what it showed.
    /// `suggestingNext`: whether to end a met check with "Next: 'workbook next'" (not when `next` or
    /// `watch` asked for it, and moves on by itself).
    func check(_ place: LearnerPlace, suggestingNext: Bool = true) throws(StageKitError)
        -> (met: Bool, progress: LearnerProgress)
    {
        guard let step = place.step else {
            print("You have done every step of chapter \(place.chapter.number).")
            return (true, place.progress)
        }
        guard FileManager.default.fileExists(atPath: workspace.url("Package.swift").path) else {
            throw .missingFile(
                path: workspace.url("Package.swift").path,
                why: "the workspace is your package: 'workbook reset' writes this step's start again")
        }
        // The manifest names the workbook's own tests for the step: a changed one could run the
        // learner's tests in their place, and the check would judge the wrong code.
        let manifest = StepPackage.manifest(for: place.chapter, workbookChecks: true)
        guard FileManager.default.contents(atPath: workspace.url("Package.swift").path) == Data(manifest.utf8)
        else {
            throw .usage(
                "your Package.swift is not the one the workbook wrote for this chapter, which names the tests a"
                    + " check runs: 'workbook reset' writes it again, keeping a copy of your work")
        }
        try workspace.syncChecks(for: step, of: place.chapter)
        let fingerprint = try workspace.fingerprint()
        print("Checking \(step.heading)…")
        let runner = try effects.makeRunner(.workspace(tests: timeLimit))
        let outcome = try runner.check(workspace.folder, module: place.chapter.module, stepID: step.id)
        effects.showProgress("")
        var progress = place.progress
        let verdict = Judge(.learner).judge(
            step, outcome, files: try workspace.learnerFiles(), of: place.chapter)
        guard verdict.isMet else {
            try tellWhatIsMissing(step, verdict, outcome, progress: &progress, in: place.chapter)
            return (false, progress)
        }
        let alsoFailing = verdict.notes.contains {
            if case .moreIssuesThanExpected = $0 { true } else { false }
        }
        // A red whose test records more than the step expects is not said to fail "for the right reason".
        print(
            alsoFailing
                ? "Red, for the step's reason, but its test also fails in a way the step does not expect:"
                : StepTexts.metMessage(step, outcome: outcome.summary))
        for line in verdict.noteLines(for: .learner) { print("  " + inLearnersWords(line)) }
        if !alsoFailing {
            for line in redDetails(outcome) { print("  " + inLearnersWords(line)) }
        }
        try tellWhereTestsDiffer(step, of: place.chapter, outcome: outcome)
        // A refactor the learner's code met with no change since the step before: their code had the shape.
        if step.kind == .refactor, let before = place.chapter.step(step.number - 1),
            progress.metFiles?[before.id] == fingerprint
        {
            print("Your code already had this shape: it meets the step as it was, with nothing to change.")
        }
        if !progress.met.contains(step.id) { progress.met.append(step.id) }
        progress.lastMiss?[step.id] = nil
        progress.metFiles = (progress.metFiles ?? [:]).merging([step.id: fingerprint]) { _, new in new }
        try workspace.write(progress)
        if suggestingNext { print("Next: 'workbook next'.") }
        return (true, progress)
    }

    /// What the learner's own tests showed: the workbook's copies, which run beside them, left out.
    static func learnersSummary(of outcome: Outcome) -> String {
        guard case .tested(var run, let warnings) = outcome else { return outcome.summary }
        run.tests.removeAll(where: \.isWorkbooksCopy)
        return Outcome.tested(run, warnings: warnings).summary
    }

    /// A check that did not meet the goal: what it showed, against the goal, and the line the hint's
    /// reminder and the room keep.
    func tellWhatIsMissing(
        _ step: Step, _ verdict: Verdict, _ outcome: Outcome, progress: inout LearnerProgress,
        in chapter: Chapter
    ) throws(StageKitError) {
        let lines = verdict.lines(for: .learner)
        // The first thing it showed (the compiler's error, a failed expectation), as the learner saw
        // it, rather than what the goal missed: a room shows what each learner is looking at.
        lastCheck.firstShown = Self.firstShown(outcome).map(inLearnersWords) ?? lines.first
        print("Not yet: this step's goal is that \(StepTexts.goal(of: step, in: chapter).lowercasedFirst)")
        print("It showed \(Self.learnersSummary(of: outcome)):")
        // "compile error" has said it: the list of errors follows.
        let saidAlready: Bool
        if case .doesNotCompile = verdict.findings.first { saidAlready = true } else { saidAlready = false }
        for line in saidAlready ? Array(lines.dropFirst()) : lines { print("  " + inLearnersWords(line)) }
        for line in verdict.noteLines(for: .learner) { print("  " + inLearnersWords(line)) }
        try tellWhereTestsDiffer(step, of: chapter, outcome: outcome)
        print("Stuck? 'workbook hint'.")
        guard var first = lines.first else { return }
        // A line that introduces a list ("…against your code:") is kept with the list's first item.
        if first.hasSuffix(":"), lines.count > 1 {
            first += " " + (lines[1].split(separator: "\n").first.map { $0.trimmingWhitespace() } ?? "")
        }
        progress.lastMiss = (progress.lastMiss ?? [:]).merging([step.id: first]) { _, new in new }
        try workspace.write(progress)
    }

    /// A line of what a check showed, with the workbook's own tests named as a learner knows them
    /// rather than by their target and folder (`WorkbookChecks`, `.workbook/checks`).
    func inLearnersWords(_ line: String) -> String {
        line.replacingOccurrences(
            of: workspace.url(StepPackage.checksFolder).path + "/", with: "the workbook's tests, "
        )
        .replacingOccurrences(of: StepPackage.checksModule + ".", with: "the workbook's tests, ")
        .replacingOccurrences(of: StepPackage.checksModule + "/", with: "the workbook's tests, ")
    }

    /// What a red step showed, so the learner sees the failure the step is about: the compiler's
    /// errors, or what its failing tests said.
    func redDetails(_ outcome: Outcome) -> [String] {
        if case .compileError(let diagnostics) = outcome { return diagnostics.map(\.description) }
        guard case .tested(let run, _) = outcome else { return [] }
        if !run.finished { return run.crashReport }
        // The learner's own tests first: a red's failing test fails in the workbook's copy too.
        let theirs = run.failed.filter { !$0.id.hasPrefix(StepPackage.checksModule + ".") }
        return (theirs.isEmpty ? run.failed : theirs).flatMap { test in
            test.issues.map { "\(test.name): \($0.said)" }
        }
    }

    /// What a room is told a check showed first: the first error's message, or the first failed
    /// test's name and first issue, without the place, which differs from one learner to the next.
    static func firstShown(_ outcome: Outcome) -> String? {
        switch outcome {
        case .compileError(let diagnostics):
            return diagnostics.first { $0.severity == .error }.map(\.message)
        case .tested(let run, _):
            guard run.finished else { return run.crashReport.first }
            let ours = { (test: TestResult) in test.id.hasPrefix(StepPackage.checksModule + ".") }
            let failed = run.failed.filter { !ours($0) } + run.failed.filter(ours)
            return failed.first.flatMap { test in test.issues.first.map { "\(test.name): \($0.message)" } }
        case .timedOut:
            return nil
        }
    }

    /// Past a red step, says which of the learner's test files differ from the workbook's in their code
    /// (comments and blank lines aside), and that both were built, or ran.
    func tellWhereTestsDiffer(_ step: Step, of chapter: Chapter, outcome: Outcome) throws(StageKitError) {
        guard step.kind != .red else { return }
        let theirs = try workspace.learnerFiles().files.filter {
            $0.key.hasPrefix("Tests/") && $0.key.hasSuffix(".swift")
        }
        let ours = workbook.tree(after: step, in: chapter).files.filter {
            $0.key.hasPrefix("Tests/") && $0.key.hasSuffix(".swift")
        }
        let differing = theirs.keys.filter { path in
            ours[path].map { Self.codeLines(of: $0) != Self.codeLines(of: theirs[path] ?? Data()) } ?? false
        }.sorted()
        let onlyTheirs = theirs.keys.filter { ours[$0] == nil }.sorted()
        let onlyOurs = ours.keys.filter { theirs[$0] == nil }.sorted()
        var parts: [String] = []
        if !differing.isEmpty {
            parts.append("differ from the workbook's in \(differing.joined(separator: ", "))")
        }
        if !onlyTheirs.isEmpty {
            parts.append("have \(onlyTheirs.joined(separator: ", ")), which it has not")
        }
        if !onlyOurs.isEmpty { parts.append("lack \(onlyOurs.joined(separator: ", ")), which it has") }
        guard !parts.isEmpty else { return }
        let both: String
        if case .tested = outcome { both = "both ran" } else { both = "both are built with your code" }
        print("Your tests \(parts.joined(separator: "; ")); \(both).")
    }

    /// A Swift file's lines of code: its comment lines and blank lines left out, each line trimmed.
    static func codeLines(of file: Data) -> [String] {
        String(decoding: file, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }
}
