import Foundation
import StepRunning
import WorkbookModel

/// Every verdict on a step is made here: what a run showed, against what the step expects, under one
/// of two policies. The walk judges the workbook's own steps as their author; `workbook check` judges a
/// learner's package, which also holds the workbook's own tests for the step (`StepPackage.checksModule`).
package struct Judge: Sendable {
    package enum Policy: Sendable, CaseIterable {
        /// The walk's: the step's own code, on the pinned toolchain, which must show exactly what the
        /// step says, in the compiler's and Swift Testing's own words, and no more.
        case author
        /// `check`'s: the learner's code, on their toolchain, with the workbook's tests for the step
        /// beside theirs. It reads tests, names and places, never a compiler's or a test library's
        /// sentence (`LearnerPolicy.swift`).
        case learner
    }

    let policy: Policy

    package init(_ policy: Policy) {
        self.policy = policy
    }

    /// The verdict on `step` from `outcome`. `files` are the package's Swift files the step's code is
    /// in, read for code that writes a verdict itself and, for a learner, for where their errors are
    /// and for declarations in the wrong folder.
    package func judge(_ step: Step, _ outcome: Outcome, files: FileTree, of chapter: Chapter) -> Verdict {
        switch policy {
        case .author:
            var verdict = OutcomeMatcher.verdict(expected: step.expectation, outcome: outcome)
            let unexpected = OutcomeMatcher.unexpectedIssues(expected: step.expectation, outcome: outcome)
            // A red of ours fails only for what its step says: every issue its tests record is named.
            if verdict.isMet, !unexpected.isEmpty { verdict.findings = [.moreThanItsMessages(unexpected)] }
            return verdict
        case .learner:
            let forged = ForgedOutcomes.problems(in: files, chapter: chapter)
            guard forged.isEmpty else { return Verdict([.forged(forged)]) }
            return LearnerPolicy(step: step, files: files, chapter: chapter).verdict(outcome)
        }
    }
}
