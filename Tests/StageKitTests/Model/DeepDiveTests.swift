import Foundation
import Testing

@testable import WorkbookText

/// A chapter beyond the source tutorial's path says so in its header, and every text shows it.
@Suite("Deep dives", .offThePool)
struct DeepDiveTests {
    func fixture(depth: String) throws -> WorkbookFixture {
        let fixture = try WorkbookFixture()
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\ndepth: \(depth)\n---\nA chapter made by the tests.\n")
        return fixture
    }

    @Test("A deep dive is named in the README's table, the chapter's text, the guide's plan and the tutorial")
    func aDeepDiveIsShown() throws {
        let fixture = try fixture(depth: "deep dive")
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 1)
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        #expect(chapter.isDeepDive)
        #expect(workbook.chapter(2)?.isDeepDive == false)
        #expect(
            ChapterTable.table(workbook).contains {
                $0.hasPrefix("| 1 | [Demo]") && $0.contains("| deep dive |")
            })
        #expect(
            ChapterTable.table(workbook).contains { $0.hasPrefix("| 2 | [More]") && $0.contains("| core |") })
        let note =
            "**A deep dive.** This chapter goes beyond the tutorial's path. You may skip it: chapter 2 starts"
            + " with `swift run workbook start 2`."
        #expect(ChapterRenderer.render(chapter, of: workbook).contains(note))
        #expect(
            try FacilitatorPlan.lines(workbook).contains {
                $0.contains("A deep dive, beyond the tutorial's path")
            })
        #expect(TutorialChapter(chapter: chapter, workbook: workbook).text.contains("**A deep dive.**"))
    }

    @Test("A depth that is neither core nor a deep dive is refused, in one sentence naming the line")
    func anUnknownDepthIsRefused() throws {
        let fixture = try fixture(depth: "shallow")
        defer { fixture.delete() }

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".contains("chapter.md")
                && "\(error)".contains(
                    "'depth' is 'core' or 'deep dive' (beyond the tutorial's path), not 'shallow'")
        }
    }
}
