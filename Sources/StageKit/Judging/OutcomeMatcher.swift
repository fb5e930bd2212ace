import StepRunning
import WorkbookModel

/// Whether a stage showed what it must show.
package enum Verdict: Equatable, Sendable {
    case met
    /// It did not; the sentences say how, naming tests, messages and places.
    case mismatch([String])

    package var isMet: Bool { self == .met }
}

/// Compares what a stage showed with what it must show: a red must fail for the reason it teaches,
/// a green must pass, and no stage may build with warnings.
package enum OutcomeMatcher {
    package static func verdict(expected: StepExpectation, outcome: Outcome) -> Verdict {
        switch outcome {
        case .timedOut(let what, let seconds, let unfinished):
            guard !unfinished.isEmpty else {
                return .mismatch(["\(what) ran past the \(seconds) s limit, and were stopped"])
            }
            return .mismatch(
                ["\(what) ran past the \(seconds) s limit, and were stopped while these still ran:"]
                    + unfinished.map { "  \($0): does it wait for something that never comes?" })
        case .compileError(let diagnostics):
            guard case .compileError(let expectedDiagnostics) = expected else {
                return .mismatch(["it does not compile:"] + diagnostics.map { "  \($0)" })
            }
            let errors = diagnostics.filter { $0.severity == .error }
            // A warning on the very line of an error is the compiler's follow-up on that error (an
            // `await` of a call it could not resolve, say), and so is one the stage names in a
            // `warning:` line; any other warning counts.
            let warnings = followUpWarnings(in: diagnostics).filter { warning in
                !expectedDiagnostics.contains { matches(warning, $0) }
            }.map { "it builds with a warning: \($0)" }
            let verdict = compileVerdict(
                expected: expectedDiagnostics.filter { $0.severity == .error }, errors: errors)
            guard case .mismatch(let problems) = verdict else {
                return warnings.isEmpty ? .met : .mismatch(warnings)
            }
            return .mismatch(warnings + problems)
        case .tested(let run, let warnings):
            var problems = warnings.map { "it builds with a warning: \($0)" }
            problems += testVerdict(expected: expected, run: run)
            return problems.isEmpty ? .met : .mismatch(problems)
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
        var problems: [String] = []
        for expectation in expected
        where expectation.isRequired && !errors.contains(where: { matches($0, expectation) }) {
            problems.append("the expected error '\(expectation.message)' did not appear")
        }
        let others = errors.filter { error in !expected.contains { matches(error, $0) } }
        if !others.isEmpty {
            problems.append("it fails to compile for another reason:")
            problems += others.map { "  \($0)" }
            // The count of errors takes in the expected ones: say they are there, not leave them out.
            let expectedOnes = errors.filter { error in expected.contains { matches(error, $0) } }
            if !expectedOnes.isEmpty {
                problems.append("and with the error(s) this step expects:")
                problems += expectedOnes.map { "  \($0)" }
            }
        } else if !problems.isEmpty, !errors.isEmpty {
            problems.append("the compiler said:")
            problems += errors.map { "  \($0)" }
        }
        return problems.isEmpty ? .met : .mismatch(problems)
    }

    package static func matches(_ diagnostic: Diagnostic, _ expectation: DiagnosticExpectation) -> Bool {
        guard diagnostic.severity == expectation.severity, diagnostic.message.contains(expectation.message)
        else {
            return false
        }
        guard let file = expectation.file else { return true }
        return diagnostic.fileName == file
    }

    static func testVerdict(expected: StepExpectation, run: TestRun) -> [String] {
        if !run.finished, !expected.isCrash {
            let culprits = run.unfinished.map(\.id)
            return [
                "the test process crashed"
                    + (culprits.isEmpty ? "" : " while running \(culprits.joined(separator: ", "))")
            ] + run.crashReport.map { "  \($0)" }
        }
        if run.tests.isEmpty { return ["no test ran: at least one test must run"] }
        switch expected {
        case .compileError(let diagnostics):
            let what = diagnostics.map { "'\($0.message)'" }.joined(separator: ", ")
            let state = run.failed.isEmpty ? "and every test passes" : "and \(run.failed.count) test(s) fail"
            return ["it compiles \(state), but this step expects the compile error \(what)"]
        case .green:
            return run.failed.flatMap(describeFailure)
        case .crash(let expectation):
            return crashVerdict(expectation, run: run)
        case .testFailure(let expectations):
            if run.failed.isEmpty {
                return ["already green: all \(run.passed.count) tests pass, but a red step must fail"]
            }
            var problems: [String] = []
            for expectation in expectations {
                // A name ends a test's id: it must end one only, or a decoy suite could fail in its place.
                let named = run.tests.filter { matches($0, expectation.test) }
                if named.count > 1 {
                    problems.append(
                        "\(expectation.test) names more than one test: "
                            + named.map(\.id).joined(separator: ", ") + "; a step's test has one name")
                    continue
                }
                guard let test = run.failed.first(where: { matches($0, expectation.test) }) else {
                    let passed = run.passed.contains { matches($0, expectation.test) }
                    problems.append(
                        "\(expectation.test) was expected to fail, but "
                            + (passed ? "it passes" : "no test of that name ran"))
                    continue
                }
                if let message = expectation.message,
                    !test.issues.contains(where: {
                        $0.mentions(message)
                    })
                {
                    problems.append("\(test.id) fails, but not with '\(message)':")
                    problems += test.issues.map { "  \($0)" }
                }
            }
            for test in run.failed where !expectations.contains(where: { matches(test, $0.test) }) {
                problems.append("another test fails too:")
                problems += describeFailure(test).map { "  \($0)" }
            }
            return problems
        }
    }

    /// What a red's failing tests record beyond what its `message:` lines say they fail with: a
    /// second failing expectation, say, that is an earlier step's bug. Only tests whose every
    /// `failing:` line has a message are read; a test named without one may fail with anything.
    package static func unexpectedIssues(expected: StepExpectation, outcome: Outcome) -> [String] {
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
    static func crashVerdict(_ expectation: FailureExpectation, run: TestRun) -> [String] {
        guard !run.finished else {
            let state = run.failed.isEmpty ? "every test passes" : "\(run.failed.count) test(s) fail"
            return [
                "the tests run to their end (\(state)), but this step expects the process to stop while"
                    + " \(expectation.test) runs"
            ] + run.failed.flatMap(describeFailure)
        }
        let running = run.unfinished.map(\.id)
        guard run.unfinished.contains(where: { matches($0, expectation.test) }) else {
            return [
                "the process stopped, but while "
                    + (running.isEmpty ? "no test ran" : running.joined(separator: ", ") + " ran")
                    + ", not \(expectation.test)"
            ] + run.crashReport.map { "  \($0)" }
        }
        if let message = expectation.message, !run.crashReport.contains(where: { $0.contains(message) }) {
            return ["the process stopped while \(expectation.test) ran, but not with '\(message)':"]
                + run.crashReport.map { "  \($0)" }
        }
        return []
    }

    /// A test matches a name ("Suite/function()", with as many of its enclosing suites as the stage
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

    static func describeFailure(_ test: TestResult) -> [String] {
        ["\(test.id) fails:"] + test.issues.map { "  \($0)" }
    }
}
