import Foundation
import Synchronization
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("Walk", .offThePool)
struct WalkTests {
    /// Walks the fixture with outcomes told in advance; returns the report and what it printed.
    func walk(
        _ fixture: WorkbookFixture, _ outcomes: [String: Outcome], selection: WalkSelection = WalkSelection()
    ) throws -> (report: WalkReport, printed: [String], runner: ScriptedStepRunner) {
        let runner = ScriptedStepRunner(outcomes)
        var printed: [String] = []
        let walk = Walk(workbook: try fixture.load(), runner: runner, print: { printed.append($0) })
        let report = try walk.run(selection)
        return (report, printed, runner)
    }

    @Test("A chapter whose steps show what they must passes, with a line per step and a summary")
    func intactChapterPasses() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (report, printed, runner) = try walk(fixture, ["1.1": .greetingMissing, "1.2": .allPass])

        #expect(report.passed)
        #expect(runner.calls.map(\.stepID) == ["1.1", "1.2"])
        #expect(printed.count == 5)
        #expect(printed[1].hasPrefix("1.1   red      compile error  compile error "))
        #expect(printed[1].hasSuffix("ok"))
        #expect(printed[2].hasPrefix("1.2   green    all pass       all pass (1) "))
        #expect(printed.last == "walk passed: every step showed what it must, and the chain holds.")
    }

    @Test("Each step runs as a package of its chapter alone, with the manifest and its files so far")
    func eachStepRunsAsItsOwnPackage() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (_, _, runner) = try walk(fixture, ["1.1": .greetingMissing, "1.2": .allPass])

        #expect(
            runner.calls.first?.package.paths == [
                "Package.swift", WorkbookFixture.sourcePath, WorkbookFixture.testPath,
            ])
        let manifest = try #require(runner.calls.first?.package.files["Package.swift"])
        #expect(
            String(decoding: manifest, as: UTF8.self).contains(".testTarget(name: \"Chapter01DemoTests\""))
    }

    @Test("A red step that passes fails the walk, and the walk names that step")
    func redThatPassesIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: Ask", "expect: test-failure",
                "failing: Chapter01DemoTests.greetsByName()"))
        try fixture.renderChapterTexts()

        let (report, printed, _) = try walk(fixture, ["1.1": .allPass, "1.2": .allPass])

        #expect(!report.passed)
        #expect(report.mismatched.map(\.step.id) == ["1.1"])
        #expect(printed.contains { $0.hasPrefix("1.1 ") && $0.hasSuffix("MISMATCH") })
        #expect(printed.contains("         already green: all 1 tests pass, but a red step must fail"))
        #expect(printed.last == "walk FAILED: step(s) 1.1 (red) did not show what they must.")
    }

    @Test("A green step that fails fails the walk, naming the step, the test and the place")
    func greenThatFailsIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (report, printed, _) = try walk(fixture, ["1.1": .greetingMissing, "1.2": .greetingFails])

        #expect(report.mismatched.map(\.step.id) == ["1.2"])
        #expect(printed.contains("           T/GreeterTests.swift:5: Expectation failed"))
        #expect(printed.last == "walk FAILED: step(s) 1.2 (green) did not show what they must.")
    }

    @Test("Chain problems fail the walk even when every step shows what it must")
    func chainProblemsFailTheWalk() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(WorkbookFixture.sourcePath, "// changed in Sources only\n")

        let (report, printed, _) = try walk(fixture, ["1.1": .greetingMissing, "1.2": .allPass])

        #expect(report.mismatched.isEmpty)
        #expect(!report.passed)
        #expect(
            printed.first
                == "chain  1.2: \(WorkbookFixture.sourcePath) in the package differs from the last step's")
        #expect(printed.last == "walk FAILED: 1 chain problem(s) in 1.2.")
    }

    @Test("--step runs one step and --from runs a step and those after it")
    func selectionChoosesSteps() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let outcomes: [String: Outcome] = ["1.1": .greetingMissing, "1.2": .allPass]

        #expect(
            try walk(fixture, outcomes, selection: WalkSelection(step: "1.2")).runner.calls.map(\.stepID)
                == ["1.2"])
        #expect(
            try walk(fixture, outcomes, selection: WalkSelection(from: "1.1")).runner.calls.map(\.stepID)
                == ["1.1", "1.2"])
        #expect(
            try walk(fixture, outcomes, selection: WalkSelection(chapter: "demo")).runner.calls.map(\.stepID)
                == ["1.1", "1.2"])
        #expect(throws: StageKitError.unknownStep("1.7")) {
            try walk(fixture, outcomes, selection: WalkSelection(step: "1.7"))
        }
        #expect(throws: StageKitError.unknownChapter("3")) {
            try walk(fixture, outcomes, selection: WalkSelection(chapter: "3"))
        }
    }

    @Test("A runner error, such as the scratch folder vanishing, stops the walk with that error")
    func runnerErrorStopsTheWalk() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let vanished = StageKitError.scratchVanished(path: "/tmp/scratch/01-demo", step: "1.1")
        let walk = Walk(
            workbook: try fixture.load(), runner: ScriptedStepRunner([:], failing: vanished), print: { _ in }
        )

        #expect(throws: vanished) { try walk.run(WalkSelection()) }
        #expect(
            "\(vanished)"
                == "the scratch folder /tmp/scratch/01-demo disappeared while step 1.1 was running;"
                + " nothing else was touched, run the walk again.")
    }

    @Test("The median of the step times is the middle value, or the mean of the two middle ones")
    func medianOfStepTimes() {
        #expect(Walk.median([3, 1, 2]) == 2)
        #expect(Walk.median([4, 1, 2, 3]) == 2.5)
        #expect(Walk.median([]) == 0)
    }

    @Test(
        "With --jobs 2, two chapters are walked at once; every step's line is printed, the report keeps their order"
    )
    func chaptersWalkInParallel() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 3)
        let outcomes: [String: Outcome] = [
            "1.1": .greetingMissing, "1.2": .allPass, "2.1": .allPass, "2.2": .allPass, "2.3": .allPass,
        ]
        let runner = ScriptedStepRunner(outcomes)
        let printed = Mutex<[String]>([])
        let walk = Walk(
            workbook: try fixture.load(), runner: runner,
            print: { line in printed.withLock { $0.append(line) } },
            jobs: 2)

        let report = try walk.run(WalkSelection())

        #expect(report.steps.map(\.step.id) == ["1.1", "1.2", "2.1", "2.2", "2.3"])
        #expect(report.steps.allSatisfy { $0.verdict.isMet })
        #expect(Set(runner.calls.map(\.stepID)) == ["1.1", "1.2", "2.1", "2.2", "2.3"])
        let lines = printed.withLock { $0 }
        for id in ["1.1", "1.2", "2.1", "2.2", "2.3"] {
            #expect(lines.filter { $0.hasPrefix(id + " ") }.count == 1, "one line for \(id)")
        }
    }

    @Test("With --jobs 2, a step that cannot run stops the walk with its error")
    func parallelWalkStopsOnAnError() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 1)
        let failure = StageKitError.scratchVanished(path: "/gone", step: "1.1")
        let walk = Walk(
            workbook: try fixture.load(), runner: ScriptedStepRunner([:], failing: failure), print: { _ in },
            jobs: 2)

        #expect(throws: failure) { try walk.run(WalkSelection()) }
    }
}
