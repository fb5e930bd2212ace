import Foundation
import StepRunning
import WorkbookModel

/// Every verdict on a step is made here: what a run showed, against what the step expects, under one
/// of two policies. The walk judges the workbook's own steps as their author; `workbook check` judges a
/// learner's package, which also holds the workbook's own tests for the step (`StepPackage.checksModule`).
package struct Judge: Sendable {
    package enum Policy: Sendable, CaseIterable {
        /// The walk's: the step's own code, which must show exactly what the step says, no more.
        case author
        /// `check`'s: the learner's code, with the workbook's tests for the step beside theirs.
        case learner
    }

    /// A verdict, and what a met red showed beyond its message, which the learner is told of.
    package struct Judgement: Equatable, Sendable {
        package var verdict: Verdict
        /// Issues a met red's tests record that the step does not name: for the author, a mismatch; for
        /// a learner, a note (an earlier step's bug, often), and the red still counts.
        package var alsoFailing: [String] = []
    }

    package let policy: Policy

    package init(_ policy: Policy) {
        self.policy = policy
    }

    /// The verdict on `stage` from `outcome`. `files` are the package's Swift files the step's code is
    /// in, read for code that writes a verdict itself and, for a learner, for declarations in the
    /// wrong folder.
    package func judge(_ stage: Step, _ outcome: Outcome, files: FileTree, of chapter: Chapter) -> Judgement {
        if policy == .learner {
            let forged = ForgedOutcomes.problems(in: files, chapter: chapter)
            guard forged.isEmpty else {
                return Judgement(
                    verdict: .mismatch(
                        ["your code writes the step's verdict itself:"] + forged.map { "  \($0)" }))
            }
        }
        let verdict =
            policy == .learner
            ? learnersVerdict(stage, outcome, files: files)
            : OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome)
        let unexpected = OutcomeMatcher.unexpectedIssues(expected: stage.expectation, outcome: outcome)
        guard verdict.isMet, !unexpected.isEmpty else { return Judgement(verdict: verdict) }
        switch policy {
        case .author:
            return Judgement(
                verdict: .mismatch(
                    ["it fails as the stage says, and for more than its message: lines name:"]
                        + unexpected.map { "  \($0)" }))
        case .learner:
            return Judgement(verdict: .met, alsoFailing: unexpected)
        }
    }

    /// A learner's step: a red needs their own test to run; past a red, the workbook's own tests for
    /// the step must compile against their code and pass.
    func learnersVerdict(_ stage: Step, _ outcome: Outcome, files: FileTree) -> Verdict {
        let checks = StepPackage.checksModule + "."
        guard stage.kind != .red else {
            if case .tested(let run, _) = outcome, run.finished, run.tests.isEmpty {
                return .mismatch(["no test ran: this step starts with the test you write, as its text shows"])
            }
            let verdict = OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome)
            // Every test passes where the step wants a red: the learner has likely written its code.
            guard case .mismatch(let lines) = verdict, case .tested(let run, _) = outcome, run.finished,
                !run.tests.isEmpty, run.failed.isEmpty
            else {
                return verdict
            }
            return .mismatch(
                lines + [
                    "If you wrote this step's code already, take it out for now: a red step shows its test"
                        + " failing first, and the next step's code makes it pass."
                ])
        }
        let isOurs = { (diagnostic: Diagnostic) in
            diagnostic.file?.contains(StepPackage.checksFolder) == true
        }
        switch outcome {
        case .compileError(let errors)
        where errors.contains(where: { $0.severity == .error && isOurs($0) }):
            // The learner's own files come first: when they fail too, our copy of the tests is not the news.
            let theirs = errors.filter { $0.severity == .error && !isOurs($0) }
            guard theirs.isEmpty else {
                return .mismatch(["it does not compile:"] + theirs.map { "  \($0)" })
            }
            return .mismatch(
                ["the workbook's own tests for this step do not compile against your code:"]
                    + errors.map { "  \($0)" } + Self.misplacedDeclarations(errors, in: files))
        case .tested(let run, _):
            let verdict = OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome)
            let ours = run.tests.filter { $0.id.hasPrefix(checks) }
            var problems: [String] = []
            if case .mismatch(let lines) = verdict { problems = lines }
            let theirsFail = run.tests.contains { !$0.id.hasPrefix(checks) && $0.status != .passed }
            if ours.contains(where: { $0.status != .passed }) {
                problems.insert(
                    theirsFail
                        ? "your own tests and the workbook's own tests for this step fail against your code"
                        : "the workbook's own tests for this step do not all pass against your code", at: 0)
            } else if ours.isEmpty && run.finished {
                problems.append("the workbook's own tests for this step did not run")
            }
            return problems.isEmpty ? .met : .mismatch(problems)
        default:
            return OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome)
        }
    }

    /// For each name the workbook's tests cannot find that the learner declared under `Tests/`: where
    /// it is, and where it belongs. Their own tests see it; the workbook's, like an app, see only what
    /// the library holds.
    static func misplacedDeclarations(_ errors: [Diagnostic], in files: FileTree) -> [String] {
        let missing = Set(
            errors.compactMap { error -> String? in
                guard error.message.hasPrefix("cannot find ") else { return nil }
                return error.message.split(separator: "'").dropFirst().first.map(String.init)
            })
        var lines: [String] = []
        for name in missing.sorted() {
            let declaring = files.paths.filter { $0.hasPrefix("Tests/") }.first { path in
                let words = String(decoding: files.files[path] ?? Data(), as: UTF8.self)
                    .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                return zip(words, words.dropFirst()).contains { keyword, declared in
                    declared == name
                        && ["struct", "class", "enum", "protocol", "actor", "typealias", "func"].contains(
                            keyword)
                }
            }
            if let declaring {
                lines.append(
                    "'\(name)' is declared in your \(declaring): the workbook's tests, like an app, see only what"
                        + " Sources/ holds. Move it there.")
            }
        }
        return lines
    }
}
