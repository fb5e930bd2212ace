import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A red whose test fails for the step's reason and for another: an earlier step's bug, left in the
/// learner's code, that the check must not call "the right reason", and that the walk refuses in ours.
@Suite("Issues a red does not expect", .offThePool)
struct UnexpectedIssuesTests {
    static let red = StepExpectation.testFailure([
        .init(test: "Chapter01DemoTests.greetsByName()", message: "(greeting → \"\")")
    ])
    static let expectedIssue = TestIssue(
        message: "Expectation failed: (greeting → \"\") == \"Hello, Ada\"", file: "GreeterTests.swift",
        line: 9)
    static let oldBug = TestIssue(
        message: "Expectation failed: (status → .loaded) == .idle", file: "GreeterTests.swift", line: 10)

    static func outcome(_ issues: [TestIssue]) -> Outcome {
        .tested(
            TestRun(
                tests: [TestResult(id: "Chapter01DemoTests.greetsByName()", status: .failed, issues: issues)],
                finished: true),
            warnings: [])
    }

    /// What a learner's check shows: their test, and the workbook's copy of it, which fails for the
    /// step's reason alone.
    static func checked(_ issues: [TestIssue]) -> Outcome {
        .tested(
            TestRun(
                tests: [
                    TestResult(id: "Chapter01DemoTests.greetsByName()", status: .failed, issues: issues),
                    TestResult(
                        id: "\(StepPackage.checksModule).greetsByName()", status: .failed,
                        issues: [expectedIssue]),
                ],
                finished: true),
            warnings: [])
    }

    /// Makes the fixture's first step a test-failure red that names its message.
    static func makeTheRedATestFailure(_ fixture: WorkbookFixture) throws {
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: Ask for a greeting", "expect: test-failure",
                "failing: Chapter01DemoTests.greetsByName()", "message: (greeting → \"\")"))
        try fixture.renderChapterTexts()
    }

    @Test("An issue no message: line of its test names is unexpected; a test named without one is not read")
    func issuesNoMessageNamesAreUnexpected() {
        #expect(
            OutcomeMatcher.unexpectedIssues(
                expected: Self.red, outcome: Self.outcome([Self.expectedIssue, Self.oldBug]))
                == ["Chapter01DemoTests.greetsByName() also fails with: \(Self.oldBug)"])
        #expect(
            OutcomeMatcher.unexpectedIssues(expected: Self.red, outcome: Self.outcome([Self.expectedIssue]))
                .isEmpty)
        #expect(
            OutcomeMatcher.unexpectedIssues(
                expected: .testFailure([.init(test: "Chapter01DemoTests.greetsByName()")]),
                outcome: Self.outcome([Self.expectedIssue, Self.oldBug])
            ).isEmpty)
    }

    @Test("The walk refuses a red of ours whose test fails for more than its step says")
    func walkRefusesAnUnnamedIssue() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try Self.makeTheRedATestFailure(fixture)
        var printed: [String] = []
        let outcomes = ["1.1": Self.outcome([Self.expectedIssue, Self.oldBug]), "1.2": .allPass]
        let walk = Walk(
            workbook: try fixture.load(), runner: ScriptedStepRunner(outcomes), print: { printed.append($0) }
        )

        let report = try walk.run(WalkSelection())

        #expect(!report.passed)
        #expect(printed.contains { $0.hasPrefix("1.1 ") && $0.hasSuffix("MISMATCH") })
        #expect(printed.contains { $0.contains("also fails with: \(Self.oldBug)") })
    }

    @Test("check meets such a red but says what else failed, never 'for the right reason'")
    func checkSaysWhatElseFailed() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        try Self.makeTheRedATestFailure(harness.fixture)
        harness.run("start", "1")
        try harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile)
        harness.runner.answer(Self.checked([Self.expectedIssue, Self.oldBug]))

        #expect(harness.run("check") == 0)
        #expect(!harness.printed.contains { $0.contains("for the right reason") })
        #expect(
            harness.printed.contains { $0.hasPrefix("Red, for the step's reason, but its test also fails") })
        #expect(harness.printed.contains("    \(Self.oldBug)"), "every issue it records is shown")

        harness.runner.answer(Self.checked([Self.expectedIssue]))
        #expect(harness.run("check") == 0)
        #expect(harness.printed.contains("Red, for the right reason: the test fails as the step expects."))
    }

    @Test("A test that fails in two places is one test in the goal and the chapter text, with both messages")
    func aTestNamedTwiceIsOneTest() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        try harness.fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: Ask for a greeting", "expect: test-failure",
                "failing: Chapter01DemoTests.greetsByName()", "message: (greeting → \"\")",
                "failing: Chapter01DemoTests.greetsByName()", "message: (status → .loaded)"))
        try harness.fixture.renderChapterTexts()

        harness.run("start", "1")

        #expect(
            harness.printed.contains(
                "Goal: It compiles, and Chapter01DemoTests.greetsByName() fails on what it checks (Swift 6.3"
                    + " shows: '(greeting → \"\")' and '(status → .loaded)')."))
        let chapterText = try harness.fixture.read("Chapters/01-demo/README.md")
        #expect(chapterText.contains("It compiles, and this test fails (with the message Swift 6.3 prints,"))
        #expect(
            chapterText.contains(
                "- `Chapter01DemoTests.greetsByName()`, in 2 places:\n  - (greeting → \"\")\n  - (status → .loaded)"
            ))
    }
}
