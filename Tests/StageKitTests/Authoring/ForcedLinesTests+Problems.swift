import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A runner whose every run ends as it was told, whatever the package.
private struct SameOutcomeRunner: WalkRunner {
    let outcome: Outcome

    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        outcome
    }
}

@Suite("run-stages --forced: what it refuses", .offThePool)
struct ForcedLinesProblemTests {
    @Test("A step that does not pass as it is fails the check, for its changes would all look needed")
    func failingStepIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (report, printed) = try ForcedLinesTests.check(
            fixture, runner: SameOutcomeRunner(outcome: .greetingFails))

        #expect(!report.passed)
        #expect(printed.contains("1.2  as it is  1 test fails  STEP FAILS"))
        #expect(
            report.stepProblems.first?.hasPrefix("step 1.2 does not pass as it is (1 test fails)") == true)
    }

    @Test("A run past its time limit proves nothing: the change is a problem, not forced")
    func timedOutRunIsAProblem() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let timedOut = Outcome.timedOut(what: "the tests", seconds: 30, unfinished: [])

        let (report, _) = try ForcedLinesTests.check(fixture, runner: SameOutcomeRunner(outcome: timedOut))

        #expect(!report.passed)
        #expect(report.checked.allSatisfy { $0.forcing == .timedOut && $0.problem != nil })
        // Tests still waiting at the limit are tests that a change left waiting for what never comes.
        let waiting = Outcome.timedOut(what: "the tests", seconds: 30, unfinished: ["Suite/waits()"])
        #expect(Forcing(waiting) == .stopped)
    }

    @Test("An `unforced:` line must name one change: one that names two is refused")
    func reasonNamingTwoChangesIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try ForcedLinesTests.addUnneededMember(to: fixture, header: ["unforced: `public` too broad"])

        let (report, printed) = try ForcedLinesTests.check(fixture)

        #expect(!report.passed)
        #expect(printed.contains { $0.hasPrefix("step 1.2: `unforced: `public`` names 3 changes") })
    }

    @Test("The walk asks every green and refactor step for two hints or more")
    func walkAsksForTwoHints() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
            stageHeader("kind: green", "title: Greet", "hint: One."))
        try fixture.renderChapterTexts()
        var printed: [String] = []
        let walk = Walk(
            workbook: try fixture.load(),
            runner: ScriptedStepRunner(["1.1": .greetingMissing, "1.2": .allPass]),
            print: { printed.append($0) })

        let report = try walk.run(WalkSelection())

        #expect(!report.passed)
        #expect(report.chainProblems.map(\.subject) == ["1.2"])
        #expect(report.chainProblems.first?.problem.hasSuffix("; it has 1") == true)
    }

    @Test("`unforced:` on a red step is refused where the step is read")
    func unforcedOnARedIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: Ask", "expect: compile-error",
                "diagnostic: cannot find 'Greeter' in scope",
                "unforced: `x` y"))

        #expect(throws: StageKitError.self) { try fixture.load() }
    }
}
