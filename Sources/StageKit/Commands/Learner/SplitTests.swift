import StepJudging
import StepRunning

/// The tests a check ran, split once into the learner's own and the workbook's copies run beside them
/// (`TestResult.isWorkbooksCopy`); what the check says of them is read from the split.
struct SplitTests {
    let outcome: Outcome
    let learners: [TestResult]
    let workbooks: [TestResult]

    init(_ outcome: Outcome) {
        self.outcome = outcome
        let tests: [TestResult]
        if case .tested(let run, _) = outcome { tests = run.tests } else { tests = [] }
        learners = tests.filter { !$0.isWorkbooksCopy }
        workbooks = tests.filter(\.isWorkbooksCopy)
    }

    var report: CheckReport.Tests {
        CheckReport.Tests(
            learners: learners.map(CheckReport.Test.init), workbooks: workbooks.map(CheckReport.Test.init))
    }

    /// What the learner's own tests showed: the workbook's copies, which run beside them, left out.
    var learnersSummary: String {
        guard case .tested(var run, let warnings) = outcome else { return outcome.summary }
        run.tests = learners
        return Outcome.tested(run, warnings: warnings).summary
    }

    /// What a red step showed, so the learner sees the failure the step is about: the compiler's
    /// errors, or what its failing tests said.
    var redDetails: [String] {
        if case .compileError(let diagnostics) = outcome { return diagnostics.map(\.description) }
        guard case .tested(let run, _) = outcome else { return [] }
        if !run.finished { return run.crashReport }
        // The learner's own tests first: a red's failing test fails in the workbook's copy too.
        let theirs = learners.filter { $0.status == .failed }
        return (theirs.isEmpty ? run.failed : theirs).flatMap { test in
            test.issues.map { "\(test.name): \($0.said)" }
        }
    }

    /// What a room is told a check showed first: the first error's message, or the first failed
    /// test's name and first issue, without the place, which differs from one learner to the next.
    var firstShown: String? {
        switch outcome {
        case .compileError(let diagnostics):
            return diagnostics.first { $0.severity == .error }.map(\.message)
        case .tested(let run, _):
            guard run.finished else { return run.crashReport.first }
            let failed = (learners + workbooks).filter { $0.status == .failed }
            return failed.first.flatMap { test in test.issues.first.map { "\(test.name): \($0.message)" } }
        case .timedOut:
            return nil
        }
    }
}
