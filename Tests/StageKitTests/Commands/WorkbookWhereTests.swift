import Foundation
import Testing

@testable import WorkbookModel

@Suite("workbook where", .offThePool)
struct WorkbookWhereTests {
    @Test("where names the workspace, the step and the chapter file to open, and answers before a start too")
    func whereSaysWhereTheLearnerIs() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        #expect(harness.run("where") == 0)
        #expect(
            harness.printed == [
                "Workspace: \(harness.workspace.path)",
                "Step: none yet ('workbook start 1' starts the first chapter).",
            ])
        harness.run("start", "1")
        harness.printed = []

        #expect(harness.run("where") == 0)
        let chapter = try #require(try harness.fixture.load().chapter(1))
        let step = try #require(chapter.step(1))
        #expect(
            harness.printed == [
                "Workspace: \(harness.workspace.path)",
                "Step: 1.1 \(step.kind.symbol) \(step.title), of chapter 1, \(chapter.title).",
                "Read: \(harness.fixture.root.appendingPathComponent(chapter.readmePath).path), at \"Step 1.1\".",
                "Files: \(harness.workspace.appendingPathComponent(WorkbookFixture.testPath).path)"
                    + " ('workbook open' opens them in your editor).",
            ])
    }
}
