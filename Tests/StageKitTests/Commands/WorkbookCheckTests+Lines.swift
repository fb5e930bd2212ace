import Foundation
import Testing

/// What a met or missed check says beside its verdict: where the learner's tests differ, and a
/// refactor their code already had.
extension WorkbookCheckTests {
    @Test("a refactor met by code unchanged since the green before it says the code already had the shape")
    func aRefactorMetByUnchangedCodeSaysSo() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        try harness.fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/stage.md",
            stageHeader("kind: refactor", "title: Tidy", "hint: One name.", "hint: Two names."))
        try harness.fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/\(WorkbookFixture.sourcePath)",
            WorkbookFixture.sourceFile.replacingOccurrences(of: "name", with: "person"))
        harness.run("goto", "1.2", "--yes")
        try harness.type(WorkbookFixture.sourcePath, WorkbookFixture.sourceFile)
        harness.runner.answer(FixtureOutcome.green, FixtureOutcome.green, FixtureOutcome.green)
        harness.run("check")
        harness.run("next")
        harness.printed = []

        #expect(harness.run("check") == 0, "\(harness.errors)")
        #expect(
            harness.printed.contains(
                "Your code already had this shape: it meets the step as it was, with nothing to change."),
            "\(harness.printed)")
    }

    @Test("a test file of the learner's that differs from the workbook's only in comments is not named")
    func commentsAloneAreNoDifference() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        try harness.type(
            WorkbookFixture.testPath,
            "// My own words about this suite.\n\n" + WorkbookFixture.testFile + "\n")
        harness.runner.answer(FixtureOutcome.green)

        #expect(harness.run("check") == 0, "\(harness.errors)")
        #expect(!harness.printed.contains { $0.hasPrefix("Your tests") }, "\(harness.printed)")
    }

    @Test("after a compile error, check says the tests were built, not that they ran")
    func testsThatDidNotBuildDidNotRun() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        try harness.type("Tests/Chapter01DemoTests/Mine.swift", "import Testing\n@Test func mine() {}\n")
        harness.runner.answer(FixtureOutcome.greeterMissing)

        #expect(harness.run("check") == 1)
        let shown = harness.printed.joined(separator: "\n")
        #expect(!shown.contains("both ran"), "\(shown)")
        #expect(
            shown.contains(
                "Your tests have Tests/Chapter01DemoTests/Mine.swift, which it has not; both are built"))
    }
}
