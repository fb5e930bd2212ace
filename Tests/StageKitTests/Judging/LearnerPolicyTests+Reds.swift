import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

extension LearnerPolicyTests {
    @Test("A red's test under names of the learner's own is said as such, naming the step's, and refused")
    func aRedNamedOtherwiseIsSaid() {
        let step = JudgeTests.step(.red, .testFailure([.init(test: "Milestone2/greets()")]))
        let issue = TestIssue(message: "Expectation failed: x", file: "GreeterTests.swift", line: 4)
        let theirs = TestResult(
            id: "Chapter01DemoTests.MySuite/saysHello()", status: .failed, issues: [issue])
        let copy = TestResult(
            id: "\(StepPackage.checksModule).GreeterTests/Milestone2/greets()", status: .failed,
            issues: [issue])

        let verdict = Self.learner(step, JudgeTests.run([theirs, copy]))

        // Not met: a test of theirs failing under other names may as well be an earlier one, broken.
        #expect(verdict.findings == [.namedOtherwise(test: theirs.id, stepsName: "Milestone2/greets()")])
        #expect(
            verdict.lines(for: .learner).first?.contains(
                "give it the step's names (in a suite Milestone2, the function greets())") == true)
        // When the copy passes (their test checks something else), or theirs only throws, or the failing
        // test of theirs is one the workbook has too (an earlier step's), it is not named so.
        var passingCopy = copy
        passingCopy.status = .passed
        passingCopy.issues = []
        #expect(!Self.namesOtherwise(Self.learner(step, JudgeTests.run([theirs, passingCopy]))))
        var throwing = theirs
        throwing.issues = [
            TestIssue(message: "Caught error: x", file: "GreeterTests.swift", line: 4, isThrownError: true)
        ]
        #expect(!Self.namesOtherwise(Self.learner(step, JudgeTests.run([throwing, copy]))))
        let earlier = TestResult(
            id: "Chapter01DemoTests.GreeterTests/Milestone1/greetsAda()", status: .failed, issues: [issue])
        let earlierCopy = TestResult(
            id: "\(StepPackage.checksModule).GreeterTests/Milestone1/greetsAda()", status: .failed,
            issues: [issue])
        #expect(!Self.namesOtherwise(Self.learner(step, JudgeTests.run([earlier, earlierCopy, copy]))))
    }

    static func namesOtherwise(_ verdict: Verdict) -> Bool {
        verdict.findings.contains { finding in
            if case .namedOtherwise = finding { return true }
            return false
        }
    }

    @Test("A warning a build printed twice is shown once")
    func aWarningIsShownOnce() {
        let warning = Diagnostic(
            file: "/w/Sources/Chapter01Demo/Greeter.swift", line: 2, column: 1, severity: .warning,
            message: "variable 'x' was never mutated")
        let passing = TestResult(id: "Chapter01DemoTests.greets()", status: .passed)
        let copy = TestResult(id: "\(StepPackage.checksModule).greets()", status: .passed)
        let outcome = Outcome.tested(
            TestRun(tests: [passing, copy], finished: true), warnings: [warning, warning])

        #expect(Self.learner(JudgeTests.green, outcome) == Verdict(notes: [.warning(warning)]))
    }
}
