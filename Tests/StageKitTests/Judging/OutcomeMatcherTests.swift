import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

@Suite("OutcomeMatcher", .offThePool)
struct OutcomeMatcherTests {
    static let missingType = Diagnostic(
        file: "/p/Tests/T/AppStoreRessourceTests.swift", line: 10, column: 33, severity: .error,
        message: "cannot find 'AppStoreRessource' in scope")
    static let otherError = Diagnostic(
        file: "/p/Sources/M/App.swift", line: 3, column: 1, severity: .error, message: "expected declaration")
    static let passing = TestResult(id: "T.Suite/passes()", status: .passed)
    static let failing = TestResult(
        id: "T.Suite/Milestone2/callsCompletion()", status: .failed,
        issues: [TestIssue(message: "Confirmation was confirmed 0 times", file: "T/T.swift", line: 24)])

    static func tested(_ tests: [TestResult], finished: Bool = true, warnings: [Diagnostic] = []) -> Outcome {
        .tested(TestRun(tests: tests, finished: finished), warnings: warnings)
    }

    static let compileRed = StepExpectation.compileError([
        .init(message: "cannot find 'AppStoreRessource' in scope")
    ])
    static let testRed = StepExpectation.testFailure([
        .init(test: "Milestone2/callsCompletion()", message: "confirmed 0 times")
    ])

    @Test("A step that shows what it must is met")
    func expectedOutcomesAreMet() {
        #expect(
            OutcomeMatcher.verdict(expected: Self.compileRed, outcome: .compileError([Self.missingType])).said
                == .met)
        #expect(
            OutcomeMatcher.verdict(
                expected: Self.testRed, outcome: Self.tested([Self.passing, Self.failing])
            ).said == .met)
        #expect(OutcomeMatcher.verdict(expected: .green, outcome: Self.tested([Self.passing])).said == .met)
        #expect(
            OutcomeMatcher.verdict(
                expected: .testFailure([.init(test: "Suite/Milestone2/callsCompletion()")]),
                outcome: Self.tested([Self.failing])
            ).said
                == .met)
    }

    @Test("A failing test is named by its suite and function: a bare name or another suite matches nothing")
    func failingTestsAreMatchedBySuiteAndFunction() {
        let sameNameElsewhere = TestResult(
            id: "T.Other/callsCompletion()", status: .failed, issues: [TestIssue(message: "another reason")])
        let outcome = Self.tested([Self.failing, sameNameElsewhere])

        #expect(OutcomeMatcher.matches(Self.failing, "T.Suite/Milestone2/callsCompletion()"))
        #expect(OutcomeMatcher.matches(Self.failing, "Milestone2/callsCompletion()"))
        #expect(!OutcomeMatcher.matches(Self.failing, "callsCompletion()"))
        #expect(!OutcomeMatcher.matches(Self.failing, "Other/callsCompletion()"))
        #expect(!OutcomeMatcher.matches(Self.failing, "estone2/callsCompletion()"))
        #expect(
            OutcomeMatcher.verdict(expected: Self.testRed, outcome: outcome).said
                == .mismatch([
                    "another test fails too:", "  T.Other/callsCompletion() fails:", "    another reason",
                ]))
    }

    @Test("A crash red is met only when the process stops, trapped, while its test runs")
    func crashRedsNeedTheirTestToStopTheProcess() {
        let running = TestResult(id: "T.Suite/Milestone2/traps()", status: .unfinished)
        let other = TestResult(id: "T.Suite/other()", status: .unfinished)
        let report = ["Fatal error: Recursive call to lock Mutex"]
        let expected = StepExpectation.crash(.init(test: "Milestone2/traps()", message: "Recursive call"))
        let verdict = { (run: TestRun) in
            OutcomeMatcher.verdict(expected: expected, outcome: .tested(run, warnings: []))
        }

        #expect(
            verdict(TestRun(tests: [Self.passing, running], finished: false, crashReport: report)).said
                == .met)
        #expect(
            verdict(TestRun(tests: [Self.passing], finished: true)).said
                == .mismatch([
                    "the tests run to their end (every test passes), but this step expects the process to stop"
                        + " while Milestone2/traps() runs"
                ]))
        #expect(
            verdict(TestRun(tests: [other], finished: false, crashReport: report)).said
                == .mismatch([
                    "the process stopped, but while T.Suite/other() ran, not Milestone2/traps()",
                    "  Fatal error: Recursive call to lock Mutex",
                ]))
        #expect(
            !verdict(
                TestRun(tests: [running], finished: false, crashReport: ["Fatal error: Index out of range"])
            ).isMet)
    }

    @Test("The lines of a crashed test process that say why: the fatal error, not the backtrace")
    func crashReportKeepsTheFatalError() {
        let output = """
            ◇ Test traps() started.
            Synchronization/LinuxImpl.swift:157: Fatal error: Recursive call to lock Mutex
            *** Signal 4: Backtracing from 0x7f987aef9361... done ***
            *** Program crashed: Illegal instruction at 0x00007f987aef9361 ***
            Thread 4 "oot.default-qos" crashed:
            0 0x00007f987aef9361 in ...
            """

        #expect(
            SwiftPMStepRunner.crashReport(output) == [
                "Synchronization/LinuxImpl.swift:157: Fatal error: Recursive call to lock Mutex",
                "*** Program crashed: Illegal instruction at 0x00007f987aef9361 ***",
            ])
    }

    @Test("A follow-up error is allowed where it appears and not required where it does not")
    func followUpErrorsAreAllowedNotRequired() {
        let knockOn = Diagnostic(
            file: "/p/Tests/T/AppStoreRessourceTests.swift", line: 11, column: 5, severity: .error,
            message: "'nil' requires a contextual type")
        let expected = StepExpectation.compileError([
            .init(message: "cannot find 'AppStoreRessource' in scope"),
            .init(message: "'nil' requires a contextual type", isRequired: false),
        ])

        #expect(
            OutcomeMatcher.verdict(expected: expected, outcome: .compileError([Self.missingType])).said
                == .met)
        #expect(
            OutcomeMatcher.verdict(expected: expected, outcome: .compileError([Self.missingType, knockOn]))
                .said
                == .met)
        #expect(!OutcomeMatcher.verdict(expected: expected, outcome: .compileError([knockOn])).isMet)
        #expect(
            !OutcomeMatcher.verdict(
                expected: Self.compileRed, outcome: .compileError([Self.missingType, knockOn])
            )
            .isMet)
    }

    @Test("An expected diagnostic that names its file matches only errors in that file")
    func diagnosticFileMustMatch() {
        let inTests = StepExpectation.compileError([
            .init(file: "AppStoreRessourceTests.swift", message: "cannot find 'AppStoreRessource'")
        ])
        let inApp = StepExpectation.compileError([
            .init(file: "App.swift", message: "cannot find 'AppStoreRessource'")
        ])

        #expect(
            OutcomeMatcher.verdict(expected: inTests, outcome: .compileError([Self.missingType])).said == .met
        )
        #expect(!OutcomeMatcher.verdict(expected: inApp, outcome: .compileError([Self.missingType])).isMet)
    }

}
