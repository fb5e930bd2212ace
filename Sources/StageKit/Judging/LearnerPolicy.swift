import Foundation
import StepRunning
import WorkbookModel

/// `workbook check`'s policy: what a learner's run must show, read from what no toolchain and no
/// learner's style changes. A red is met by its tests, the names its errors speak of and the files
/// they are in; a green by the workbook's own tests for the step passing beside the learner's. The
/// words of a compiler's or a test library's sentence, and the values a failure prints, are shown,
/// never compared. Warnings are shown and refuse nothing.
struct LearnerPolicy {
    let step: Step
    /// The learner's files: `Sources/…` and `Tests/…`.
    let files: FileTree
    let chapter: Chapter

    func verdict(_ outcome: Outcome) -> Verdict {
        if case .timedOut(let what, let seconds, let unfinished) = outcome {
            return Verdict([.timedOut(what: what, seconds: seconds, unfinished: unfinished)])
        }
        var verdict: Verdict
        switch step.expectation {
        case .compileError(let expected): verdict = compileRed(expected, outcome)
        case .testFailure(let expected): verdict = testRed(expected, outcome)
        case .crash(let expected): verdict = crashRed(expected, outcome)
        case .green: verdict = green(outcome)
        }
        verdict.notes = shownWarnings(outcome).map(Finding.warning) + verdict.notes
        return verdict
    }

    // MARK: The three reds

    /// Met when the build fails, every error is in the learner's tests (or in a file the step names),
    /// each file a required error is pinned to holds an error, and the errors together name each
    /// identifier the step's errors are about.
    func compileRed(_ expected: [DiagnosticExpectation], _ outcome: Outcome) -> Verdict {
        let names = expected.names(in: chapter)
        guard case .compileError(let diagnostics) = outcome else {
            guard case .tested(let run, _) = outcome else { return .met }
            if run.finished, run.tests.isEmpty { return Verdict([.noOwnTestRan]) }
            return Verdict(
                [
                    .compilesWhereAnErrorIsExpected(
                        names: names, messages: expected.filter(\.isRequired).map(\.message),
                        failing: run.failed.count)
                ] + (run.finished && run.failed.isEmpty ? [.codeWrittenAhead] : []))
        }
        let errors = diagnostics.filter { $0.severity == .error }
        let allowedFiles = Set(expected.compactMap(\.file))
        let outside = errors.filter { error in
            !error.isInMacroExpansion && !isInTests(error) && !allowedFiles.contains(error.fileName ?? "")
        }
        guard outside.isEmpty else { return Verdict([.errorsOutsideTheTests(outside)]) }
        // A file a required error is pinned to must hold an error: the test the step writes, where a
        // given file beside it would fail with the same names before the learner wrote anything.
        let pinned = Set(expected.filter(\.isRequired).compactMap(\.file)).sorted()
        let empty = pinned.filter { file in !errors.contains { $0.fileName == file } }
        guard empty.isEmpty else { return Verdict([.noErrorIn(empty, errors: errors)]) }
        let named = Set(errors.flatMap(\.names))
        let missing = names.filter { !named.contains($0) }
        guard missing.isEmpty else { return Verdict([.namesNotNamed(missing, errors: errors)]) }
        // Errors that name nothing the step's errors or their follow-ups name are shown apart; a step
        // with an error that names nothing takes any such error as its own.
        let known = Set(names + expected.flatMap(\.names))
        let namesNothing = expected.contains { $0.names.isEmpty }
        let others = errors.filter { error in
            let names = error.names
            return names.isEmpty ? !namesNothing : !names.contains(where: known.contains)
        }
        return Verdict(notes: others.isEmpty ? [] : [.otherErrors(others)])
    }

    /// Met when each test the step names fails on an expectation, a requirement or a confirmation
    /// (not on a thrown error alone), no other test of theirs fails, and the workbook's own copy of
    /// each named test fails against their code too: the code is what is missing, not a typo in
    /// their test. The step's tests are found by their names: a test of the learner's that fails on
    /// what it checks under names of their own, where a named one did not run, is said as such.
    func testRed(_ expected: [FailureExpectation], _ outcome: Outcome) -> Verdict {
        guard case .tested(let run, _) = outcome else { return notBuilt(outcome) }
        if !run.finished {
            return Verdict([.crashed(running: run.unfinished.map(\.id), report: run.crashReport)])
        }
        let theirs = run.tests.filter { !Self.isOurs($0) }
        let ours = run.tests.filter(Self.isOurs)
        guard !theirs.isEmpty else { return Verdict([.noOwnTestRan]) }
        guard theirs.contains(where: { $0.status == .failed }) else {
            // Their code may be ahead of the step; unless the workbook's copy fails, when their test is
            // what falls short.
            let oursFail = ours.contains { $0.status == .failed }
            return Verdict(
                [.alreadyGreen(passed: theirs.filter { $0.status == .passed }.count)]
                    + (oursFail ? [] : [.codeWrittenAhead]))
        }
        var findings: [Finding] = []
        var notes: [Finding] = []
        // Their failing tests that the workbook has no copy of and the step does not name: a test the
        // learner wrote and named their own way, which check cannot tell from an earlier test of theirs.
        var ownNamed = theirs.filter { test in
            test.status == .failed && test.issues.contains(where: { !$0.isThrownError })
                && !expected.contains(where: { OutcomeMatcher.matches(test, $0.test) })
                && !ours.contains(where: { $0.id == Self.copyID(of: test) })
        }
        var namedOtherwise: Set<String> = []
        for (name, messages) in expected.byTest {
            // The step's test did not run, and one of theirs fails on what it checks while the workbook's
            // copy of the step's test fails too: theirs is likely the step's, under other names. Said as
            // such, naming both: the step's test is found by its names.
            if !theirs.contains(where: { OutcomeMatcher.matches($0, name) }), !ownNamed.isEmpty,
                ours.contains(where: { copy in
                    OutcomeMatcher.matches(copy, name) && copy.status == .failed
                        && copy.issues.contains(where: { !$0.isThrownError })
                })
            {
                let own = ownNamed.removeFirst()
                namedOtherwise.insert(own.id)
                findings.append(.namedOtherwise(test: own.id, stepsName: name))
                continue
            }
            guard let test = OutcomeMatcher.named(name, in: theirs, findings: &findings) else { continue }
            guard test.issues.contains(where: { !$0.isThrownError }) else {
                findings.append(.failsWithoutAnExpectation(test))
                continue
            }
            // The workbook's copy of the test, by the step's name for it, wherever the learner nested it.
            let copies = ours.filter { OutcomeMatcher.matches($0, name) || $0.id == Self.copyID(of: test) }
            if copies.isEmpty, !ours.isEmpty, !findings.contains(.checksDidNotRun) {
                findings.append(.checksDidNotRun)
            } else if copies.contains(where: { $0.status == .passed }) {
                findings.append(.checksPass(test: name))
            }
            // Issues are counted by place: a parameterized test records one a failing case, in one place.
            let places = { (test: TestResult) in
                Set(test.issues.map { "\($0.file ?? ""):\($0.line ?? 0)" }).count
            }
            let expectedIssues = max(messages.count, 1)
            if places(test) > expectedIssues {
                let copyRecordsNoMore = !copies.isEmpty && copies.allSatisfy { places($0) <= expectedIssues }
                notes.append(
                    .moreIssuesThanExpected(
                        test, expected: expectedIssues, inTheirTestAlone: copyRecordsNoMore))
            }
        }
        for test in theirs
        where test.status == .failed && !namedOtherwise.contains(test.id)
            && !expected.contains(where: { OutcomeMatcher.matches(test, $0.test) })
        {
            findings.append(.anotherTestFails(test))
        }
        if ours.isEmpty, !findings.contains(.checksDidNotRun) { findings.append(.checksDidNotRun) }
        return Verdict(findings, notes: findings.isEmpty ? notes : [])
    }

    /// Met when the test process stops while the named test runs, whatever it printed as it stopped.
    func crashRed(_ expected: FailureExpectation, _ outcome: Outcome) -> Verdict {
        guard case .tested(let run, _) = outcome else { return notBuilt(outcome) }
        if run.finished, run.tests.isEmpty { return Verdict([.noOwnTestRan]) }
        guard !run.finished else { return Verdict([.ranToTheEnd(test: expected.test, failing: run.failed)]) }
        guard run.unfinished.contains(where: { OutcomeMatcher.matches($0, expected.test) }) else {
            return Verdict([
                .stoppedElsewhere(
                    test: expected.test, running: run.unfinished.map(\.id), report: run.crashReport)
            ])
        }
        return .met
    }

    // MARK: Green

    /// Met when it builds, and every test passes: theirs, and the workbook's own tests for the step.
    func green(_ outcome: Outcome) -> Verdict {
        guard case .tested(let run, _) = outcome else { return notBuilt(outcome) }
        if !run.finished {
            return Verdict([.crashed(running: run.unfinished.map(\.id), report: run.crashReport)])
        }
        if run.tests.isEmpty { return Verdict([.noTestRan]) }
        let ours = run.tests.filter(Self.isOurs)
        var findings: [Finding] = run.failed.map(Finding.testFails)
        let oursFailing = ours.filter { $0.status != .passed }
        if !oursFailing.isEmpty {
            let theirsFail = run.tests.contains { !Self.isOurs($0) && $0.status != .passed }
            findings.insert(.checksFail(oursFailing, theirsFailToo: theirsFail), at: 0)
        } else if ours.isEmpty {
            findings.append(.checksDidNotRun)
        }
        return Verdict(findings)
    }

    /// A build that failed, or ran past its limit, where the step expects tests to run: the learner's
    /// own errors first; when only the workbook's tests fail to compile, those, with any name the
    /// learner declared in their tests, which the workbook's cannot see.
    func notBuilt(_ outcome: Outcome) -> Verdict {
        guard case .compileError(let diagnostics) = outcome else { return .met }
        let errors = diagnostics.filter { $0.severity == .error }
        let ours = errors.filter(Self.isInChecks)
        let theirs = errors.filter { !Self.isInChecks($0) }
        guard theirs.isEmpty, !ours.isEmpty else {
            return Verdict([.doesNotCompile(theirs.isEmpty ? errors : theirs)])
        }
        return Verdict([.checksDoNotCompile(errors, misplaced: misplacedNames(in: ours))])
    }
}
