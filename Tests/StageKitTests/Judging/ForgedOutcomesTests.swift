import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

/// The four ways a red was faked past the walk and `check` (issue 20): each now refused.
@Suite("Forged outcomes", .offThePool)
struct ForgedOutcomesTests {
    @Test(
        "check refuses a red whose expected error the code spells out itself",
        arguments: [
            "#error (\"cannot find 'Greeter' in scope\")",
            "@available(*, unavailable, message: \"cannot find 'Greeter' in scope\")\npublic struct Greeter {}",
            "#warning(\"x\")",
        ])
    func spelledOutErrorIsRefused(_ code: String) throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, code + "\n")
        harness.runner.answer(FixtureOutcome.greeterMissing)

        let status = harness.run("check")

        #expect(status != 0)
        #expect(harness.printed.contains("  your code writes the step's verdict itself:"))
        #expect(try harness.progress()?.met == [])
    }

    @Test("check refuses code under test that records the failure its red expects")
    func issueRecordInSourcesIsRefused() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(
            WorkbookFixture.sourcePath,
            "import Testing\n\npublic struct Greeter {\n    public init() { Issue.record(\"x\") }\n}\n")
        harness.runner.answer(FixtureOutcome.greeterMissing)

        harness.run("check")

        #expect(
            harness.printed.contains {
                $0.contains(
                    "Sources/Chapter01Demo/Greeter.swift:1: the code under test calls the test library")
            })
        #expect(try harness.progress()?.met == [])
    }

    @Test("A failing: name that a decoy suite also ends is refused: a step's test has one name")
    func decoySuiteIsRefused() {
        let decoy = TestResult(
            id: "T.Decoy/Milestone2/callsCompletion()", status: .failed,
            issues: [TestIssue(message: "Confirmation was confirmed 0 times")])
        let real = TestResult(id: "T.Suite/Milestone2/callsCompletion()", status: .passed)

        let verdict = OutcomeMatcher.verdict(
            expected: .testFailure([.init(test: "Milestone2/callsCompletion()", message: "confirmed 0 times")]
            ),
            outcome: .tested(TestRun(tests: [decoy, real], finished: true), warnings: []))

        #expect(
            verdict.said
                == .mismatch([
                    "Milestone2/callsCompletion() names more than one test: T.Decoy/Milestone2/callsCompletion(),"
                        + " T.Suite/Milestone2/callsCompletion(); a step's test has one name"
                ]))
    }

    @Test(
        "Words in comments and strings, tests that use the test library and plain availability are not forgeries",
        arguments: [
            ("Sources/Chapter01Demo/A.swift", "// #error(\"x\") and Issue.record are words here"),
            ("Sources/Chapter01Demo/A.swift", "let text = \"#error Issue.record\""),
            ("Sources/Chapter01Demo/A.swift", "@available(macOS 15, *)\npublic func f() {}"),
            ("Tests/Chapter01DemoTests/A.swift", "import Testing\n@Test func t() { Issue.record(\"x\") }"),
        ])
    func plainCodeIsNoForgery(path: String, code: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let chapter = try #require(try fixture.load().chapter(1))

        #expect(ForgedOutcomes.problems(in: FileTree([path: Data(code.utf8)]), chapter: chapter) == [])
    }

    @Test("check refuses a Package.swift whose workbook checks target points at the learner's own tests")
    func movedChecksTargetIsRefused() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        let manifest = try harness.fixture.read("Workspace/Package.swift")
        try harness.type(
            "Package.swift", manifest.replacingOccurrences(of: "\".workbook/checks\"", with: "\"Tests/Mine\"")
        )
        harness.runner.answer(FixtureOutcome.greeterMissing)

        let status = harness.run("check")

        #expect(status == 2)
        #expect(
            harness.errors.first?.contains("your Package.swift is not the one the workbook wrote") == true)
        #expect(harness.runner.checks.isEmpty)
    }
}
