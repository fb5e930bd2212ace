import StepRunning
import WorkbookModel

/// Compares what a step showed with what it must show: a red must fail for the reason it teaches,
/// a green must pass, and no step may build with warnings.
package enum OutcomeMatcher {
    package static func verdict(expected: StepExpectation, outcome: Outcome) -> Verdict {
        switch outcome {
        case .timedOut(let what, let seconds, let unfinished):
            return Verdict([.timedOut(what: what, seconds: seconds, unfinished: unfinished)])
        case .compileError(let diagnostics):
            guard case .compileError(let expectedDiagnostics) = expected else {
                return Verdict([.doesNotCompile(diagnostics)])
            }
            let errors = diagnostics.filter { $0.severity == .error }
            // A warning on the very line of an error is the compiler's follow-up on that error (an
            // `await` of a call it could not resolve, say), and so is one the step names in a
            // `warning:` line; any other warning counts.
            let warnings = followUpWarnings(in: diagnostics).filter { warning in
                !expectedDiagnostics.contains { matches(warning, $0) }
            }.map(Finding.warning)
            let verdict = compileVerdict(
                expected: expectedDiagnostics.filter { $0.severity == .error }, errors: errors)
            return Verdict(warnings + verdict.findings)
        case .tested(let run, let warnings):
            return Verdict(warnings.map(Finding.warning) + testVerdict(expected: expected, run: run))
        }
    }

    /// The warnings a failed build gives that are not on the line of one of its errors: a red must
    /// name them (the compiler's follow-ups on its errors) or be rid of them.
    package static func followUpWarnings(in diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errors = diagnostics.filter { $0.severity == .error }
        return diagnostics.filter { warning in
            warning.severity == .warning && warning.line != nil
                && !errors.contains { $0.file == warning.file && $0.line == warning.line }
        }
    }

    package static func compileVerdict(expected: [DiagnosticExpectation], errors: [Diagnostic]) -> Verdict {
        var findings: [Finding] = []
        for expectation in expected
        where expectation.isRequired && !errors.contains(where: { matches($0, expectation) }) {
            findings.append(.expectedErrorMissing(message: expectation.message))
        }
        let others = errors.filter { error in !expected.contains { matches(error, $0) } }
        if !others.isEmpty {
            // The count of errors takes in the expected ones: say they are there, not leave them out.
            let expectedOnes = errors.filter { error in expected.contains { matches(error, $0) } }
            findings.append(.unexpectedErrors(others, expectedOnes: expectedOnes))
        } else if !findings.isEmpty, !errors.isEmpty {
            findings.append(.compilerSaid(errors))
        }
        return Verdict(findings)
    }

    package static func matches(_ diagnostic: Diagnostic, _ expectation: DiagnosticExpectation) -> Bool {
        guard diagnostic.severity == expectation.severity, diagnostic.message.contains(expectation.message)
        else {
            return false
        }
        guard let file = expectation.file else { return true }
        return diagnostic.fileName == file
    }

    static func testVerdict(expected: StepExpectation, run: TestRun) -> [Finding] {
        if !run.finished, !expected.isCrash {
            return [.crashed(running: run.unfinished.map(\.id), report: run.crashReport)]
        }
        if run.tests.isEmpty { return [.noTestRan] }
        switch expected {
        case .compileError(let diagnostics):
            return [
                .compilesWhereAnErrorIsExpected(
                    names: diagnostics.flatMap(\.names), messages: diagnostics.map(\.message),
                    failing: run.failed.count)
            ]
        case .green:
            return run.failed.map(Finding.testFails)
        case .crash(let expectation):
            return crashVerdict(expectation, run: run)
        case .testFailure(let expectations):
            if run.failed.isEmpty { return [.alreadyGreen(passed: run.passed.count)] }
            var findings: [Finding] = []
            for expectation in expectations {
                guard let test = named(expectation.test, in: run.tests, findings: &findings) else { continue }
                if let message = expectation.message, !test.issues.contains(where: { $0.mentions(message) }) {
                    findings.append(.failsWithoutMessage(test, message: message))
                }
            }
            for test in run.failed where !expectations.contains(where: { matches(test, $0.test) }) {
                findings.append(.anotherTestFails(test))
            }
            return findings
        }
    }

    /// The failed test a red names, or nil with what is wrong said in `findings`: the name ends more
    /// than one test's id (a decoy suite could fail in its place), or its test passes or did not run.
    static func named(_ name: String, in tests: [TestResult], findings: inout [Finding]) -> TestResult? {
        let named = tests.filter { matches($0, name) }
        if named.count > 1 {
            findings.append(.ambiguousName(name, ids: named.map(\.id)))
            return nil
        }
        guard let test = named.first, test.status == .failed else {
            findings.append(.notFailing(test: name, passes: named.first?.status == .passed))
            return nil
        }
        return test
    }

    /// What a red's failing tests record beyond what its `message:` lines say they fail with: a
    /// second failing expectation, say, that is an earlier step's bug. Only tests whose every
    /// `failing:` line has a message are read; a test named without one may fail with anything.
    static func unexpectedIssues(expected: StepExpectation, outcome: Outcome) -> [String] {
        guard case .testFailure(let expectations) = expected, case .tested(let run, _) = outcome else {
            return []
        }
        return run.failed.flatMap { test -> [String] in
            let named = expectations.filter { matches(test, $0.test) }
            let messages = named.compactMap(\.message)
            guard !named.isEmpty, messages.count == named.count else { return [] }
            return test.issues(mentionedByNone: messages).map { "\(test.id) also fails with: \($0)" }
        }
    }

    /// A crash red: the process stops while the named test runs, printing the message as it stops.
    static func crashVerdict(_ expectation: FailureExpectation, run: TestRun) -> [Finding] {
        guard !run.finished else { return [.ranToTheEnd(test: expectation.test, failing: run.failed)] }
        guard run.unfinished.contains(where: { matches($0, expectation.test) }) else {
            return [
                .stoppedElsewhere(
                    test: expectation.test, running: run.unfinished.map(\.id), report: run.crashReport)
            ]
        }
        if let message = expectation.message, !run.crashReport.contains(where: { $0.contains(message) }) {
            return [.stoppedWithoutMessage(test: expectation.test, message: message, report: run.crashReport)]
        }
        return []
    }

    /// A test matches a name ("Suite/function()", with as many of its enclosing suites as the step
    /// gives) when the name is the end of its id, suite by suite: `Outer/Suite/function()` matches it,
    /// `function()` alone or `OtherSuite/function()` does not. A test outside any suite is named by its
    /// whole id, "Module.function()".
    package static func matches(_ test: TestResult, _ name: String) -> Bool {
        if test.id == name { return true }
        let wanted = name.split(separator: "/", omittingEmptySubsequences: false)
        var components = test.id.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count >= 2, wanted.count <= components.count else { return false }
        // The id's first component is "Module.Suite": a name may give the module or leave it out.
        if wanted.count == components.count, let first = components.first,
            let dot = first.firstIndex(of: "."),
            wanted[0] != first
        {
            components[0] = first[first.index(after: dot)...]
        }
        return Array(components.suffix(wanted.count)) == wanted
    }
}
