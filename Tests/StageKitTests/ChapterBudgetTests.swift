import Foundation
import Testing

@testable import StageKit

@Suite("ChapterBudget")
struct ChapterBudgetTests {
    @Test("A chapter's budget counts the words read, the lines typed and the steps, and estimates minutes")
    func budgetOfTheFixture() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        let budget = ChapterBudget(chapter, of: workbook)

        // "A chapter made by the tests."; "Write the test." and "Read the error first."; "Write the code."
        #expect(budget.frameWords == 6)
        #expect(budget.steps.map(\.words) == [7, 3])
        // The test file's five lines that are not blank; the source file's six.
        #expect(budget.steps.map(\.typedLines) == [5, 6])
        // 16 / 150 + 11 × 0.25 + 2 × 1.5 = 5.86…, rounded up.
        #expect(budget.minutes == 6)
        #expect(budget.line == "1  Demo  2 steps  16 words  11 lines typed  about 6 minutes")
    }

    @Test("A step that changes one line of a file counts that line as typed, not the file's others")
    func changedLinesCount() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/stage.md", stageHeader("kind: refactor", "title: Tidy"))
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/\(WorkbookFixture.sourcePath)",
            WorkbookFixture.sourceFile.replacingOccurrences(of: "Hello, ", with: "Hello there, "))
        let workbook = try fixture.load()

        let budget = ChapterBudget(try #require(workbook.chapter(1)), of: workbook)

        #expect(budget.steps.last?.typedLines == 1)
    }
}
