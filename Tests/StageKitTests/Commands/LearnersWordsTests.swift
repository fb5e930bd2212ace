import Foundation
import Testing

@testable import StepRunning

/// What a new learner met that the tool did not say in their words (issue 22's list), each now said.
@Suite("A learner's words", .offThePool)
struct LearnersWordsTests {
    @Test("A red that is already green tells the learner to take their code out and see the test fail first")
    func alreadyGreenSaysWhatToDo() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.tests([("Chapter01DemoTests.greetsByName()", .passed)]))

        harness.run("check")

        #expect(
            harness.printed.contains {
                $0.contains("If you wrote this step's code already, take it out for now")
            })
    }

    @Test("When the learner's own test fails too, the check says both fail, not only the workbook's copy")
    func bothFailuresAreNamed() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(
            FixtureOutcome.tests([
                ("Chapter01DemoTests.greetsByName()", .failed), ("WorkbookChecks.greetsByName()", .failed),
            ]))

        harness.run("check")

        #expect(
            harness.printed.contains(
                "  your own tests and the workbook's own tests for this step fail against your code"))
        #expect(harness.printed.contains("  the workbook's tests, greetsByName() fails:"))
        #expect(!harness.printed.contains { $0.contains("WorkbookChecks") })
    }

    @Test("A type written under Tests/ that the workbook's tests cannot find is named, with where it belongs")
    func misplacedTypeIsNamed() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        try harness.type("Tests/Chapter01DemoTests/Greeter.swift", "public struct Greeter {}\n")
        harness.runner.answer(
            .compileError([
                Diagnostic(
                    file: harness.workspace.path + "/.workbook/checks/GreeterTests.swift", line: 5,
                    column: 12,
                    severity: .error, message: "cannot find 'Greeter' in scope")
            ]))

        harness.run("check")

        #expect(
            harness.printed.contains(
                "  'Greeter' is declared in your Tests/Chapter01DemoTests/Greeter.swift: the workbook's tests,"
                    + " like an app, see only what Sources/ holds. Move it there."))
        #expect(
            harness.printed.contains("    GreeterTests.swift:5:12: error: cannot find 'Greeter' in scope"))
        #expect(
            !harness.printed.contains { $0.contains(".workbook/checks") || $0.contains("WorkbookChecks") })
    }

    @Test("watch says once, not twice, that the chapter is done")
    func watchSaysTheEndOnce() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green)
        harness.pollsBeforeStop = 5

        harness.run("watch")

        #expect(harness.printed.contains("That was the last step of chapter 1: well done."))
        #expect(!harness.printed.contains("You have done every step of chapter 1."))
    }

    @Test("A check before any test is written says that no test ran and where the step's test is")
    func noTestYetIsSaid() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.answer(FixtureOutcome.tests([]))

        harness.run("check")

        #expect(harness.printed.contains("It showed no tests ran:"))
        #expect(
            harness.printed.contains(
                "  no test ran: this step starts with the test you write, as its text shows"))
    }
}
