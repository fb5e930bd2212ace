import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

/// `workbook check --json`: the check's report as one JSON object on standard output, for editors and
/// CI, everything else it says on standard error, and the exit status `check` has.
@Suite("workbook check --json", .offThePool)
struct WorkbookCheckJSONTests {
    /// The one line the check printed on standard output, read as a report.
    static func report(_ harness: LearnerHarness) throws -> CheckReport {
        #expect(harness.printed.count == 1, "standard output holds the report alone: \(harness.printed)")
        return try JSONDecoder().decode(CheckReport.self, from: Data(try #require(harness.printed.last).utf8))
    }

    @Test("a met red prints its report, exits 0, and says in words on standard error what check says")
    func metRed() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile)
        harness.runner.answer(FixtureOutcome.greeterMissing)
        harness.printed = []

        #expect(harness.run("check", "--json") == 0)

        let report = try Self.report(harness)
        #expect(report.verdict == .met)
        #expect(report.metAsTheStepSays)
        #expect(report.step == "1.1")
        #expect(report.kind == "red")
        #expect(report.summary == "compile error")
        #expect(report.details == ["GreeterTests.swift:5:12: error: cannot find 'Greeter' in scope"])
        #expect(report.progress.met == ["1.1"])
        #expect(
            harness.errors.contains(
                "Red, for the right reason: it does not compile, with the error the step expects."))
    }

    @Test("a check that misses the goal exits 1 with the first line shown, the findings and the hint's line")
    func notMet() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(
            FixtureOutcome.tests([
                ("Chapter01DemoTests.greetsByName()", .failed), ("WorkbookChecks.greetsByName()", .failed),
            ]))
        harness.printed = []

        #expect(harness.run("check", "--json") == 1)

        let report = try Self.report(harness)
        #expect(report.verdict == .notMet)
        #expect(!report.isMet)
        #expect(report.summary == "1 test fails", "the learner's own tests, the workbook's copies aside")
        #expect(report.summaryOfAll == "2 tests fail")
        #expect(report.tests.learners.map(\.id) == ["Chapter01DemoTests.greetsByName()"])
        #expect(report.tests.workbooks.map(\.id) == ["WorkbookChecks.greetsByName()"])
        #expect(report.tests.learners.map(\.status) == ["failed"])
        #expect(report.findings.contains("the workbook's tests, greetsByName() fails:"))
        #expect(!report.findings.contains { $0.contains("WorkbookChecks") })
        #expect(report.progress.lastMiss != nil)
        #expect(report.progress.lastMiss == (try harness.progress()?.lastMiss?["1.2"]))
        #expect(harness.errors.contains("Stuck? 'workbook hint'."))
    }

    @Test("the report's keys are stable: editors and CI read them")
    func stableKeys() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green)
        harness.printed = []

        #expect(harness.run("check", "--json") == 0)

        let line = try #require(harness.printed.last)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(
            Set(object.keys).isSuperset(of: [
                "chapter", "step", "kind", "verdict", "alsoFailsUnexpectedly", "goal", "summary",
                "summaryOfAll",
                "findings", "summarySaysFirstFinding", "notes", "details", "tests", "alreadyHadTheShape",
                "progress",
            ]))
        #expect(object["verdict"] as? String == "met")
        #expect(!line.contains("\n"), "one line")
    }

    @Test("once the chapter is done, the report says so, with no step, and check exits 0")
    func chapterDone() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green)
        #expect(harness.run("next") == 0)
        harness.printed = []

        #expect(harness.run("check", "--json") == 0)

        let report = try Self.report(harness)
        #expect(report.verdict == .chapterDone)
        #expect(report.step == nil)
        #expect(report.isMet)
        #expect(harness.errors.contains("You have done every step of chapter 1."))
    }

    @Test("a problem prints no report: one sentence on standard error and exit 2, as check does")
    func problemPrintsNoReport() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        #expect(harness.run("check", "--json") == 2)

        #expect(harness.printed.isEmpty)
        #expect(harness.errors.contains { $0.contains("has no workbook in it yet") })
    }
}
