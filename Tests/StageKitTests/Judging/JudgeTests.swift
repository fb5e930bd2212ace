import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

/// The two policies of the one judge, side by side on the same runs: where the walk (the author's
/// step) and `workbook check` (a learner's package) must differ, and why.
@Suite("Judge: the author's policy and the learner's, side by side", .offThePool)
struct JudgeTests {
    static let chapter = Chapter(
        number: 1, slug: "demo", title: "Demo", module: "Chapter01Demo", testResources: [], intro: "",
        start: FileTree(), steps: [])
    static let test = "Chapter01DemoTests.greetsByName()"
    static let checksTest = "\(StepPackage.checksModule).greetsByName()"

    static func step(_ kind: StepKind, _ expectation: StepExpectation) -> Step {
        Step(
            chapterNumber: 1, number: 1, slug: "greet", kind: kind, title: "Greet", milestone: nil,
            expectation: expectation, hints: [], text: "", changes: FileTree(), deletions: [])
    }

    static let red = step(.red, .testFailure([.init(test: test, message: "(greeting → \"\")")]))
    static let green = step(.green, .green)

    static func run(_ tests: [TestResult]) -> Outcome {
        .tested(TestRun(tests: tests, finished: true), warnings: [])
    }

    static let forItsReason = TestIssue(
        message: "Expectation failed: (greeting → \"\") == \"Hi\"", file: "GreeterTests.swift", line: 9)
    static let redForItsReason = TestResult(id: test, status: .failed, issues: [forItsReason])
    static let oursForItsReason = TestResult(id: checksTest, status: .failed, issues: [forItsReason])
    static let redForMore = TestResult(
        id: test, status: .failed,
        issues: [
            forItsReason,
            TestIssue(
                message: "Expectation failed: (status → .loaded) == .idle", file: "GreeterTests.swift",
                line: 10),
        ])

    static func files(_ source: String) -> FileTree {
        var tree = FileTree()
        tree.files["Sources/Chapter01Demo/Greeter.swift"] = Data(source.utf8)
        tree.files["Tests/Chapter01DemoTests/GreeterTests.swift"] = Data("import Testing\n".utf8)
        return tree
    }

    static let plain = files("struct Greeter {}\n")

    static func judge(_ policy: Judge.Policy, _ step: Step, _ outcome: Outcome, files: FileTree = plain)
        -> Verdict
    {
        Judge(policy).judge(step, outcome, files: files, of: chapter)
    }

    @Test(
        "A red that fails for its reason is met under both; a learner's, when the workbook's copy fails too")
    func aRedForItsReasonIsMetUnderBoth() {
        #expect(Self.judge(.author, Self.red, Self.run([Self.redForItsReason])) == .met)
        #expect(
            Self.judge(.learner, Self.red, Self.run([Self.redForItsReason, Self.oursForItsReason])) == .met)
    }

    @Test(
        "A red that fails for more than its reason: the author's step is wrong; the learner's red counts, with a note"
    )
    func aRedForMoreThanItsReason() throws {
        let author = Self.judge(.author, Self.red, Self.run([Self.redForMore]))
        #expect(
            author.lines(for: .author).first
                == "it fails as the step says, and for more than its message: lines name:")
        let learner = Self.judge(.learner, Self.red, Self.run([Self.redForMore, Self.oursForItsReason]))
        #expect(learner.isMet)
        #expect(
            learner.notes == [.moreIssuesThanExpected(Self.redForMore, expected: 1, inTheirTestAlone: true)])
        #expect(
            learner.noteLines(for: .learner).first?.contains(
                "the workbook's copy of it records 1 against your code, so the others come from your test")
                == true,
            "\(learner.noteLines(for: .learner))")
    }

    @Test(
        "A learner's red whose test and the workbook's copy both record more than the step expects: a bug left"
    )
    func aRedForMoreInBothCopies() throws {
        let oursForMore = TestResult(id: Self.checksTest, status: .failed, issues: Self.redForMore.issues)
        let learner = Self.judge(.learner, Self.red, Self.run([Self.redForMore, oursForMore]))
        #expect(learner.isMet)
        #expect(
            learner.notes == [.moreIssuesThanExpected(Self.redForMore, expected: 1, inTheirTestAlone: false)])
        #expect(
            learner.noteLines(for: .learner).first?.contains(
                "an earlier step may have left a bug in your code") == true)
    }

    @Test(
        "An error a build printed twice (as it compiles the file and as it emits the module) is listed once")
    func anErrorPrintedTwiceIsListedOnce() {
        let error = Diagnostic(
            file: "/w/Sources/Chapter01Demo/Greeter.swift", line: 3, column: 5, severity: .error,
            message: "expected '}' in struct")

        let lines = Verdict(notes: [.otherErrors([error, error])]).noteLines(for: .learner)

        #expect(lines.filter { $0.contains("expected '}' in struct") }.count == 1, "\(lines)")
    }

    @Test("A parameterized red failing in each of its cases, in one place, fails for its reason alone")
    func aParameterizedRedIsOneIssue() {
        let cases = TestResult(
            id: Self.test, status: .failed, issues: [Self.forItsReason, Self.forItsReason, Self.forItsReason])
        let learner = Self.judge(.learner, Self.red, Self.run([cases, Self.oursForItsReason]))
        #expect(learner == .met)
    }

    @Test(
        "A red whose tests all pass: both refuse it; the learner is told they may have written the next step's code"
    )
    func aRedThatPasses() throws {
        let passing = TestResult(id: Self.test, status: .passed)
        let author = Self.judge(.author, Self.red, Self.run([passing]))
        let learner = Self.judge(
            .learner, Self.red, Self.run([passing, TestResult(id: Self.checksTest, status: .passed)]))
        #expect(author.findings == [.alreadyGreen(passed: 1)])
        #expect(learner.findings == [.alreadyGreen(passed: 1), .codeWrittenAhead])
    }

    @Test("A learner's red whose test fails only on a thrown error is refused: a red fails on what it checks")
    func aThrownErrorIsNotARed() {
        let thrown = TestResult(
            id: Self.test, status: .failed,
            issues: [TestIssue(message: "Caught error: Boom()", isThrownError: true)])
        let verdict = Self.judge(.learner, Self.red, Self.run([thrown, Self.oursForItsReason]))
        #expect(verdict.findings == [.failsWithoutAnExpectation(thrown)])
    }

    @Test(
        "A learner's red whose test fails while the workbook's copy passes is refused: their test is not the step's"
    )
    func aTypoInTheLearnersTestIsFound() {
        let verdict = Self.judge(
            .learner, Self.red,
            Self.run([Self.redForItsReason, TestResult(id: Self.checksTest, status: .passed)]))
        #expect(verdict.findings == [.checksPass(test: Self.test)])
    }

    @Test(
        "A green is the learner's only when the workbook's own tests for the step ran beside theirs and passed"
    )
    func aGreenNeedsTheWorkbooksTestsForALearner() {
        let theirsOnly = Self.run([TestResult(id: Self.test, status: .passed)])
        #expect(Self.judge(.author, Self.green, theirsOnly) == .met)
        #expect(Self.judge(.learner, Self.green, theirsOnly).findings == [.checksDidNotRun])

        let ours = TestResult(id: Self.checksTest, status: .failed, issues: [TestIssue(message: "no")])
        let oursFail = Self.judge(
            .learner, Self.green, Self.run([TestResult(id: Self.test, status: .passed), ours]))
        #expect(
            oursFail.lines(for: .learner).first
                == "the workbook's own tests for this step do not all pass against your code")
    }

    @Test(
        "Code that writes its own verdict is refused under the learner's policy; the walk's chain refuses it in a step"
    )
    func forgedVerdictsAreTheLearnersConcernHere() {
        let forged = Self.files("#error(\"(greeting → \\\"\\\")\")\n")
        let run = Self.run([TestResult(id: Self.checksTest, status: .passed)])
        #expect(Self.judge(.author, Self.green, run, files: forged) == .met)
        #expect(
            Self.judge(.learner, Self.green, run, files: forged).lines(for: .learner).first
                == "your code writes the step's verdict itself:")
    }

    @Test("A warning refuses the author's step; a learner is shown it, and it refuses nothing")
    func warningsAreShownToALearner() {
        let warning = Diagnostic(
            file: "/w/Sources/Chapter01Demo/Greeter.swift", line: 3, column: 9, severity: .warning,
            message: "variable 'x' was never mutated; consider changing to 'let' constant")
        let run = Outcome.tested(
            TestRun(tests: [TestResult(id: Self.checksTest, status: .passed)], finished: true),
            warnings: [warning])
        #expect(Self.judge(.author, Self.green, run).findings == [.warning(warning)])
        let learner = Self.judge(.learner, Self.green, run)
        #expect(learner.isMet)
        #expect(learner.notes == [.warning(warning)])
    }
}
