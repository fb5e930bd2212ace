import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

/// The two policies of the one judge, side by side on the same runs: where the walk (the author's
/// step) and `workbook check` (a learner's package) must differ, and why.
@Suite("Judge: the author's policy and the learner's, side by side")
struct JudgeTests {
    static let chapter = Chapter(
        number: 1, slug: "demo", title: "Demo", module: "Chapter01Demo", testResources: [], intro: "",
        start: FileTree(), stages: [])
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

    static let redForItsReason = TestResult(
        id: test, status: .failed,
        issues: [TestIssue(message: "Expectation failed: (greeting → \"\") == \"Hi\"")])
    static let redForMore = TestResult(
        id: test, status: .failed,
        issues: [
            TestIssue(message: "Expectation failed: (greeting → \"\") == \"Hi\""),
            TestIssue(message: "Expectation failed: (status → .loaded) == .idle"),
        ])

    static func files(_ source: String) -> FileTree {
        var tree = FileTree()
        tree.files["Sources/Chapter01Demo/Greeter.swift"] = Data(source.utf8)
        return tree
    }

    static let plain = files("struct Greeter {}\n")

    func both(_ stage: Step, _ outcome: Outcome, files: FileTree = plain) -> (
        author: Judge.Judgement, learner: Judge.Judgement
    ) {
        (
            Judge(.author).judge(stage, outcome, files: files, of: Self.chapter),
            Judge(.learner).judge(stage, outcome, files: files, of: Self.chapter)
        )
    }

    @Test("A red that fails for its reason is met under both")
    func aRedForItsReasonIsMetUnderBoth() {
        let judged = both(Self.red, Self.run([Self.redForItsReason]))
        #expect(judged.author == Judge.Judgement(verdict: .met))
        #expect(judged.learner == Judge.Judgement(verdict: .met))
    }

    @Test(
        "A red that fails for more than its reason: the author's step is wrong; the learner's red counts, with a note"
    )
    func aRedForMoreThanItsReason() throws {
        let judged = both(Self.red, Self.run([Self.redForMore]))
        guard case .mismatch(let lines) = judged.author.verdict else {
            Issue.record("the walk let the step fail for more than it says")
            return
        }
        #expect(lines.first == "it fails as the stage says, and for more than its message: lines name:")
        #expect(judged.learner.verdict == .met)
        #expect(
            judged.learner.alsoFailing == [
                "\(Self.test) also fails with: Expectation failed: (status → .loaded) == .idle"
            ])
    }

    @Test(
        "A red whose tests all pass: both refuse it; the learner is told they may have written the next step's code"
    )
    func aRedThatPasses() throws {
        let judged = both(Self.red, Self.run([TestResult(id: Self.test, status: .passed)]))
        guard case .mismatch(let author) = judged.author.verdict,
            case .mismatch(let learner) = judged.learner.verdict
        else {
            Issue.record("a passing red was met")
            return
        }
        #expect(learner.dropLast() == author[...])
        #expect(learner.last?.hasPrefix("If you wrote this step's code already") == true)
    }

    @Test(
        "A green is the learner's only when the workbook's own tests for the step ran beside theirs and passed"
    )
    func aGreenNeedsTheWorkbooksTestsForALearner() {
        let theirsOnly = both(Self.green, Self.run([TestResult(id: Self.test, status: .passed)]))
        #expect(theirsOnly.author.verdict == .met)
        #expect(
            theirsOnly.learner.verdict == .mismatch(["the workbook's own tests for this step did not run"]))

        let oursFail = both(
            Self.green,
            Self.run([
                TestResult(id: Self.test, status: .passed),
                TestResult(id: Self.checksTest, status: .failed, issues: [TestIssue(message: "no")]),
            ]))
        guard case .mismatch(let lines) = oursFail.learner.verdict else {
            Issue.record("a learner's green was met with the workbook's tests failing")
            return
        }
        #expect(lines.first == "the workbook's own tests for this step do not all pass against your code")
    }

    @Test(
        "Code that writes its own verdict is refused under the learner's policy; the walk's chain refuses it in a step"
    )
    func forgedVerdictsAreTheLearnersConcernHere() {
        let forged = Self.files("#error(\"(greeting → \\\"\\\")\")\n")
        let judged = both(
            Self.green, Self.run([TestResult(id: Self.checksTest, status: .passed)]), files: forged)
        #expect(judged.author.verdict == .met)
        guard case .mismatch(let lines) = judged.learner.verdict else {
            Issue.record("a learner's #error passed for a verdict")
            return
        }
        #expect(lines.first == "your code writes the step's verdict itself:")
    }
}
