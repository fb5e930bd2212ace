import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel
@testable import WorkbookText

@Suite("ChapterBudget", .offThePool)
struct ChapterBudgetTests {
    @Test("A chapter's budget counts the words read, the lines typed and the steps, and estimates minutes")
    func budgetOfTheFixture() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        let budget = ChapterBudget(chapter, of: workbook)

        // "A chapter made by the tests."; "Test a `Greeter`." and "Read the error first."; "Write the code."
        // and its two hints, of 9 and 7 words.
        #expect(budget.frameWords == 6)
        #expect(budget.steps.map(\.words) == [7, 19])
        // The test file's five lines that are not blank; the source file's six.
        #expect(budget.steps.map(\.typedLines) == [5, 6])
        // 32 / 150 + 11 × 0.25 + 2 × 1.5 = 5.96…, rounded up.
        #expect(budget.minutes == 6)
        // A room: 10 to introduce it, (5.92 of steps) × 1.3, 6 / 150 × 1.3 of frame, 10 to debrief: 27.7….
        #expect(budget.roomMinutes == 28)
        #expect(
            budget.line
                == "1  Demo  2 steps  32 words  11 lines typed  0 given  about 6 minutes, 28 in a room")
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

    @Test("The walk's chain check names each budget a chapter or a step is past, and nothing when it fits")
    func theWalkEnforcesTheBudgets() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        #expect(try Walk.chainProblems(of: fixture.load().chapters, in: fixture.load()).isEmpty)

        let words = Array(repeating: "word", count: 300).joined(separator: " ")
        let lines = (1...61).map { "let value\($0) = \($0)" }.joined(separator: "\n")
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-long/stage.md",
            stageHeader("kind: refactor", "title: Long", text: words))
        try fixture.write("\(WorkbookFixture.stagesPath)/03-long/Sources/Chapter01Demo/Values.swift", lines)
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/04-concept/stage.md",
            stageHeader("kind: refactor", "title: Concept", "concept: words", text: words))
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/04-concept/Sources/Chapter01Demo/Values.swift", "// one\n")
        for number in 5...26 {
            try fixture.write(
                "\(WorkbookFixture.stagesPath)/\(String(format: "%02d", number))-step/stage.md",
                stageHeader("kind: refactor", "title: Step \(number)"))
            try fixture.write(
                "\(WorkbookFixture.stagesPath)/\(String(format: "%02d", number))-step/Sources/Chapter01Demo/Step\(number).swift",
                "// \(number)\n")
        }
        // An introduction of 23,000 words: past 6,000 words, and past 150 minutes on its own.
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\n---\n"
                + Array(repeating: "word", count: 23_000).joined(separator: " ") + "\n")
        let workbook = try fixture.load()

        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook).map(\.description)

        #expect(problems.contains("chapter 1: it has 26 steps; a slot holds 25"))
        #expect(
            problems.contains {
                $0.hasPrefix("chapter 1: it has 23") && $0.hasSuffix("words to read; a slot holds 6000")
            })
        #expect(
            problems.contains {
                $0.hasPrefix("chapter 1: it takes about") && $0.hasSuffix("a slot holds 150")
            })
        #expect(
            problems.contains(
                "1.3: its text has 300 words; a step has at most 250 (400 for a step with a concept: line)"))
        #expect(problems.contains { $0.hasPrefix("1.3: it has 61 lines to type; a step has at most 60") })
        #expect(!problems.contains { $0.hasPrefix("1.4:") }, "a concept step may have 400 words")
    }
}
