import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel

@Suite("workbook check, next and watch", .offThePool)
struct WorkbookCheckTests {
    @Test("a red step is judged on the learner's tests alone, and a met red is remembered with its files")
    func redIsJudgedOnTheLearnersTests() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile)
        harness.runner.answer(FixtureOutcome.greeterMissing)

        let status = harness.run("check")

        #expect(status == 0)
        #expect(harness.runner.checks == [["NoChecksForThisStep.swift"]])
        #expect(
            harness.printed.contains(
                "Red, for the right reason: it does not compile, with the error the step expects."))
        #expect(
            harness.printed.contains("  GreeterTests.swift:5:12: error: cannot find 'Greeter' in scope"),
            "the learner sees the error itself")
        #expect(try harness.progress()?.met == ["1.1"])
        #expect(try harness.progress()?.metFiles?["1.1"] != nil)
    }

    @Test("what a check showed counts the learner's own tests, not the workbook's copies run beside them")
    func theSummaryCountsTheLearnersTests() {
        let issue = TestIssue(message: "Expectation failed: x", file: "GreeterTests.swift", line: 4)
        let theirs = TestResult(
            id: "Chapter01DemoTests.MySuite/saysHello()", status: .failed, issues: [issue])
        let copy = TestResult(
            id: "\(StepPackage.checksModule).GreeterTests/greets()", status: .failed, issues: [issue])
        let outcome = Outcome.tested(TestRun(tests: [theirs, copy], finished: true), warnings: [])

        #expect(outcome.summary == "2 tests fail")
        #expect(SplitTests(outcome).learnersSummary == "1 test fails")
    }

    @Test("a green step runs the workbook's own tests for it beside the learner's")
    func greenRunsTheWorkbooksTests() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green)

        #expect(harness.run("check") == 0)
        #expect(harness.runner.checks == [["GreeterTests.swift"]])
        #expect(
            try harness.fixture.read("Workspace/.workbook/checks/GreeterTests.swift")
                == WorkbookFixture.testFile)
    }

    @Test("when the learner's own tests fail to compile too, check shows theirs and does not blame ours")
    func theLearnersOwnErrorsComeFirst() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        let error = { (folder: String) in
            Diagnostic(
                file: "/w/\(folder)/GreeterTests.swift", line: 5, column: 12, severity: .error,
                message: "sending 'sut' risks causing data races",
                notes: ["sending main actor-isolated 'sut'"])
        }
        harness.runner.answer(.compileError([error("Tests/Chapter01DemoTests"), error(".workbook/checks")]))

        #expect(harness.run("check") == 1)

        #expect(harness.printed.contains("It showed compile error (2):"))
        #expect(!harness.printed.contains("  it does not compile:"), "the line above has said it")
        #expect(!harness.printed.contains { $0.contains("do not compile against your code") })
        #expect(
            try harness.progress()?.lastMiss?["1.2"]
                == "it does not compile: GreeterTests.swift:5:12: error: sending 'sut' risks causing data races",
            "the hint's reminder keeps the first error with the line that introduces it")
    }

    @Test("a green won by a trivial test of the learner's is refused: the workbook's own tests fail")
    func trivialTestDoesNotWinAGreen() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        try harness.fixture.remove("Workspace/\(WorkbookFixture.testPath)")
        try harness.type(
            "Tests/Chapter01DemoTests/Trivial.swift", "import Testing\n@Test func trivial() {}\n")
        harness.runner.answer(
            .compileError([
                Diagnostic(
                    file: "/w/.workbook/checks/GreeterTests.swift", line: 5, column: 12, severity: .error,
                    message: "cannot find 'Greeter' in scope")
            ]),
            FixtureOutcome.tests([
                ("Chapter01DemoTests.trivial()", .passed), ("WorkbookChecks.greetsByName()", .failed),
            ]),
            FixtureOutcome.tests([("Chapter01DemoTests.trivial()", .passed)]))

        let statuses = [harness.run("check"), harness.run("check"), harness.run("check")]

        #expect(statuses == [1, 1, 1], "\(harness.errors)")
        let shown = harness.printed.joined(separator: "\n")
        #expect(shown.contains("the workbook's own tests for this step do not compile against your code"))
        #expect(shown.contains("the workbook's own tests for this step do not all pass against your code"))
        #expect(shown.contains("the workbook's own tests for this step did not run"))
        #expect(
            shown.contains(
                "Your tests have Tests/Chapter01DemoTests/Trivial.swift, which it has not; lack"
                    + " Tests/Chapter01DemoTests/GreeterTests.swift, which it has; both ran."
            ))
        #expect(try harness.progress()?.met == [])
    }

    @Test("next trusts a met check while the files are unchanged, and checks again once they change")
    func nextTrustsAMetCheck() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile)
        harness.runner.answer(FixtureOutcome.greeterMissing)
        harness.run("check")

        let trusted = harness.run("next")
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green, FixtureOutcome.green)
        harness.run("check")
        try harness.type(WorkbookFixture.sourcePath, WorkbookFixture.sourceFile + "// tidied\n")
        let checkedAgain = harness.run("next")

        #expect(trusted == 0)
        #expect(harness.printed.contains("Step 1.1's goal was met, and your files have not changed since."))
        #expect(checkedAgain == 0)
        #expect(harness.runner.checks.count == 3)
        #expect(try harness.progress()?.step == 3)
    }

    @Test("after a check that missed the goal, hint says what the check showed before its hints")
    func hintAfterAMissSaysWhatTheCheckShowed() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.tests([]))
        harness.run("check")
        harness.printed = []

        harness.run("hint")

        #expect(
            harness.printed.first?.hasPrefix("Your last check showed something other than this step's goal")
                == true)
        #expect(try harness.progress()?.lastMiss?["1.1"] != nil)
    }

    @Test("next on an unmet step checks, says why not, and stays")
    func nextOnAnUnmetStepStays() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.tests([]))

        #expect(harness.run("next") == 1)
        #expect(
            harness.printed.contains { $0.hasPrefix("Not yet: this step's goal is that it does not compile") }
        )
        #expect(try harness.progress()?.step == 1)
    }

    @Test("watch checks on each save, moves on by itself when a goal is met, and stops on q")
    func watchMovesOnByItself() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.tests([]), FixtureOutcome.greeterMissing)
        harness.onSleep = { sleep in
            if sleep == 2 { try? harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile) }
        }
        harness.pollsBeforeStop = 5

        let status = harness.run("watch")

        #expect(status == 0)
        #expect(harness.runner.checks.count == 2, "once at the start, once after the save, none while idle")
        #expect(harness.printed.contains("Step 1.1's goal is met: on to the next step."))
        #expect(harness.printed.contains("Step 1.2 🟢 Greet"))
        #expect(harness.printed.last == "Stopped watching.")
        #expect(try harness.progress()?.step == 2)
    }

    @Test("watch waits while another command holds the workspace at a save, and checks once it is free")
    func watchWaitsForABusyWorkspace() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.greeterMissing)
        // Closed in every program another test starts meanwhile, which would hold the lock past close(other).
        let other = open(harness.workspace.appendingPathComponent(".workbook/lock").path, O_RDWR | O_CLOEXEC)
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        // Held as another command holds it: not a warm-up build, which watch would wait for.
        #expect(ftruncate(other, 0) == 0 && write(other, "12345\n", 6) == 6)
        harness.onSleep = { sleep in
            if sleep == 2 { close(other) }  // the other command ends
        }
        harness.pollsBeforeStop = 5

        let status = harness.run("watch")

        #expect(status == 0)
        #expect(harness.printed.filter { $0.hasPrefix("Another workbook command") }.count == 1)
        #expect(harness.runner.checks.count == 1)
        #expect(harness.printed.last == "Stopped watching.")
    }
}
