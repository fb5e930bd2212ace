import Foundation
import Testing

@testable import WorkbookText

/// Files a step gives rather than teaches: written in by `workbook`, linked by the text, not typed.
@Suite("Given files", .offThePool)
struct GivenFilesTests {
    /// The fixture with its first step's test file given.
    func fixtureGivingTheTest() throws -> WorkbookFixture {
        let fixture = try WorkbookFixture()
        let step = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md"
        try fixture.write(
            step,
            try fixture.read(step).replacingOccurrences(
                of: "hint: Read the error first.\n",
                with: "hint: Read the error first.\ngiven: \(WorkbookFixture.testPath)\n"))
        return fixture
    }

    @Test("A step's given file is written in when the step begins, and said so")
    func givenFileIsBroughtIn() throws {
        let fixture = try fixtureGivingTheTest()
        defer { fixture.delete() }
        let harness = LearnerHarness(fixture: fixture)

        harness.run("start", "1")

        #expect(try fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
        #expect(
            harness.printed.contains(
                "Brought in \(WorkbookFixture.testPath): given, support code the step does not teach."))
    }

    @Test("A step whose test is given does not ask the learner to write their own first")
    func aGivenTestIsNotTheLearnersToWrite() throws {
        let fixture = try fixtureGivingTheTest()
        defer { fixture.delete() }
        let harness = LearnerHarness(fixture: fixture)

        harness.run("start", "1")

        #expect(!harness.printed.contains { $0.contains("write your own first") }, "\(harness.printed)")
        #expect(harness.printed.contains { $0.contains("its test is given, in your package: read it, then") })
    }

    @Test("A red step whose change is library code says so, not that it has a test to write")
    func aRedInTheLibraryIsCode() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-break-it/stage.md",
            stageHeader(
                "kind: red", "title: Break it", "expect: compile-error",
                "diagnostic: Greeter.swift: cannot find type 'Missing' in scope"))
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-break-it/\(WorkbookFixture.sourcePath)",
            WorkbookFixture.sourceFile + "\nlet broken: Missing? = nil\n")
        let harness = LearnerHarness(fixture: fixture)

        harness.run("goto", "1.3", "--yes")

        #expect(
            harness.printed.contains { $0.hasSuffix("with the workbook's code: write your own first.") },
            "\(harness.printed)")
        #expect(!harness.printed.contains { $0.contains("with the workbook's test") })
    }

    @Test("The chapter text links a given file instead of reprinting it, and the budget counts it untyped")
    func givenFileIsLinkedAndUntyped() throws {
        let fixture = try fixtureGivingTheTest()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        let text = ChapterRenderer.render(chapter, of: workbook)

        #expect(
            text.contains("`\(WorkbookFixture.testPath)` is given: `workbook` writes it into your package"))
        #expect(!text.contains("#expect(Greeter().greeting(for: \"Ada\") == \"Hello, Ada!\")"))
        let budget = ChapterBudget(chapter, of: workbook)
        #expect(budget.steps.first?.typedLines == 0)
        // Read, not typed: the test file's five lines that are not blank, a tenth of a minute each, at a room's pace.
        #expect(budget.steps.first?.givenLines == 5)
        let typedOnly = ChapterBudget.StepCost(id: "1.1", words: budget.steps[0].words, typedLines: 0)
        let read = ChapterBudget.roomMinutes(of: budget.steps[0]) - ChapterBudget.roomMinutes(of: typedOnly)
        #expect(abs(read - 5 * 0.1 * 1.3) < 0.000_001)
    }

    @Test("A given: line must name a file the step writes")
    func givenMustBeWritten() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
            stageHeader("kind: green", "title: Greet", "given: Sources/Chapter01Demo/Other.swift"))

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".contains(
                "'given' names a file this step writes, which Sources/Chapter01Demo/Other.swift is not")
        }
    }
}
