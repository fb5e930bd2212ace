import StepRunning
import WorkbookModel

/// One thing a verdict found, as a value: what a run showed against what a step expects, with the
/// diagnostics or test results it is about. The check, the watch, the walk and the room read these
/// fields; the sentences a person reads are made from them in one place, `Finding+Text.swift`.
package enum Finding: Equatable, Sendable {
    // Building.
    /// It does not compile, and the step expects no error (or none of these): the errors.
    case doesNotCompile([Diagnostic])
    /// The author's red: an error a `diagnostic:` line names did not appear.
    case expectedErrorMissing(message: String)
    /// The author's red: errors no `diagnostic:` or `follow-up:` line names, and the expected ones
    /// beside them.
    case unexpectedErrors([Diagnostic], expectedOnes: [Diagnostic])
    /// What the compiler said instead, when an expected error is missing and no other was unexpected.
    case compilerSaid([Diagnostic])
    /// A learner's red: no error names these identifiers, which the step's errors are about.
    case namesNotNamed([String], errors: [Diagnostic])
    /// A learner's red: no error in these files, which the step's errors are pinned to (the test the
    /// step writes, where a given file beside it fails to compile too).
    case noErrorIn([String], errors: [Diagnostic])
    /// A learner's red: errors in code the step does not expect errors in (the library, say).
    case errorsOutsideTheTests([Diagnostic])
    /// A red that expects a compile error compiles: the identifiers it is about, the expected
    /// messages, and how many tests fail.
    case compilesWhereAnErrorIsExpected(names: [String], messages: [String], failing: Int)
    /// It builds with a warning: the author refuses it; a learner is shown it.
    case warning(Diagnostic)

    // Testing.
    /// No test ran at all.
    case noTestRan
    /// A learner's red: none of their own tests ran.
    case noOwnTestRan
    /// A red whose tests all pass.
    case alreadyGreen(passed: Int)
    /// A named test that should fail passes (or did not run).
    case notFailing(test: String, passes: Bool)
    /// A name that ends more than one test's id.
    case ambiguousName(String, ids: [String])
    /// The author's red: the test fails, but no issue it records says the step's message.
    case failsWithoutMessage(TestResult, message: String)
    /// A learner's red: a named test did not run, and a test of theirs the workbook has no copy of
    /// fails on what it checks, as the named one's copy does: the step's test under other names.
    case namedOtherwise(test: String, stepsName: String)
    /// A learner's red: the test fails, but only on a thrown error, not on an expectation.
    case failsWithoutAnExpectation(TestResult)
    /// A red: a test the step does not name fails too.
    case anotherTestFails(TestResult)
    /// A green: a test fails.
    case testFails(TestResult)
    /// The author's red: its failing tests record issues its `message:` lines do not name.
    case moreThanItsMessages([String])
    /// The test process stopped while these ran (none: before any), printing the report.
    case crashed(running: [String], report: [String])
    /// A crash red whose tests ran to their end.
    case ranToTheEnd(test: String, failing: [TestResult])
    /// A crash red that stopped while other tests ran.
    case stoppedElsewhere(test: String, running: [String], report: [String])
    /// The author's crash red: it stopped as it should, but without its message.
    case stoppedWithoutMessage(test: String, message: String, report: [String])
    /// The build or the tests ran past their limit.
    case timedOut(what: String, seconds: Int, unfinished: [String])

    // A learner's package, beside the workbook's own tests for the step.
    /// Their code writes the verdict itself: one sentence a place.
    case forged([String])
    /// The workbook's own tests for the step do not compile against the learner's code; names the
    /// learner declared under `Tests/`, which those tests cannot see.
    case checksDoNotCompile([Diagnostic], misplaced: [MisplacedName])
    /// The workbook's own tests for the step fail against the learner's code.
    case checksFail([TestResult], theirsFailToo: Bool)
    /// The workbook's own tests for the step did not run.
    case checksDidNotRun
    /// A learner's red: the workbook's own copy of a named test passes against their code, so their
    /// test is not the step's (a value typed differently, say).
    case checksPass(test: String)

    /// A learner's red whose tests all pass: they may have written the next step's code already.
    case codeWrittenAhead
    /// A note on a learner's met compile red: errors beside the step's that name none of what the step's
    /// errors or their follow-ups name (often they follow from what is missing; else a slip: a brace
    /// left out, a name typed otherwise).
    case otherErrors([Diagnostic])
    /// A note on a learner's met red: its named test records more issues than the step expects of it;
    /// `inTheirTestAlone` when the workbook's copy, run against the same code, records no more than that,
    /// so that the others come from how the learner's test is written, not from their code.
    case moreIssuesThanExpected(TestResult, expected: Int, inTheirTestAlone: Bool)
}

/// A name the workbook's tests cannot find that the learner declared in their own tests.
package struct MisplacedName: Equatable, Sendable {
    var name: String
    var path: String
}

/// Whether a step showed what it must: met when nothing refuses it. `notes` are shown beside it and
/// refuse nothing (a learner's warnings, an issue beyond what a met red expects).
package struct Verdict: Equatable, Sendable {
    package var findings: [Finding]
    package var notes: [Finding]

    init(_ findings: [Finding] = [], notes: [Finding] = []) {
        self.findings = findings
        self.notes = notes
    }

    static let met = Verdict()

    package var isMet: Bool { findings.isEmpty }
}
