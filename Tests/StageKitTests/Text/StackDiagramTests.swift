import Foundation
import Testing

@testable import WorkbookText

@Suite("Stack diagrams", .offThePool)
struct StackDiagramTests {
    @Test("A track's picture is shown in each of its chapters' texts and on its card of the tutorial site")
    func pictureIsShown() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 1)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
        try fixture.write("Chapters/01-demo/stack.svg", svg)
        let workbook = try fixture.load()

        let second = ChapterRenderer.render(try #require(workbook.chapter(2)), of: workbook)
        let catalog = TutorialCatalog(workbook)

        #expect(second.contains("](../01-demo/stack.svg)"))
        #expect(catalog.files["Resources/track-1.svg"] == Data(svg.utf8))
    }
}
