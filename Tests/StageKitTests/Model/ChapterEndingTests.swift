import Foundation
import Testing

@testable import WorkbookModel
@testable import WorkbookText

@Suite("Chapter endings", .offThePool)
struct ChapterEndingTests {
    static let ending = """
        ---
        key-point: One thing to remember.
        question: Which is it?
        wrong: Not this.
        right: This.
        why: Because.
        ---
        Try it alone.
        """

    @Test(
        "An ending's key points, questions and challenge are read, and the chapter text shows them, answers folded"
    )
    func endingIsReadAndShown() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/ending.md", Self.ending)
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        let text = ChapterRenderer.render(chapter, of: workbook)

        #expect(chapter.ending?.keyPoints == ["One thing to remember."])
        #expect(chapter.ending?.questions.first?.rightAnswer == "This.")
        #expect(chapter.ending?.challenge == "Try it alone.")
        #expect(text.contains("## What to remember\n\n- One thing to remember."))
        #expect(
            text.contains(
                "1. Which is it?\n\n   - Not this.\n   - This.\n\n   <details><summary>Answer</summary>"))
        #expect(text.contains("## A challenge\n\nTry it alone."))
    }

    @Test(
        "A question without exactly one right answer, a wrong one and a why is refused, by file and line",
        arguments: [
            "question: Which?\nright: A.\nwhy: B.", "question: Which?\nright: A.\nright: B.\nwhy: C.",
            "question: Which?\nright: A.\nwrong: B.",
        ])
    func malformedQuestionIsRefused(_ lines: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/ending.md", "---\nkey-point: K.\n\(lines)\n---\nTry it.\n")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "Chapters/01-demo/ending.md:3: a question has one 'right:' answer, at least one 'wrong:' one,"
                + " and a 'why:'."
        }
    }
}
