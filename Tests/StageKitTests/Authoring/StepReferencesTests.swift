import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

/// The texts `stages insert` and `stages remove` renumber when steps move.
@Suite("Step references", .offThePool)
struct StepReferencesTests {
    @Test("Inserting a step renumbers the later steps a chapter's ending names, as it does its recap")
    func anEndingIsRenumbered() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/recap.md", "Step 1.2 greets.\n")
        try fixture.write(
            "Chapters/01-demo/ending.md",
            """
            ---
            key-point: Step 1.2 greets by name.
            question: What does step 1.2 write?
            right: Greeter.
            wrong: Nothing.
            why: Step 1.2 is green.
            ---
            Greet twice, after step 1.2.
            """)
        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: fixture.root, environment: ProcessInfo.processInfo.environment,
            print: { printed.append($0) }, printError: { printed.append($0) })

        _ = tool.run(["insert", "1.2", "--kind", "refactor", "--title", "Tidy"])

        #expect(try fixture.read("Chapters/01-demo/recap.md") == "Step 1.3 greets.\n", "\(printed)")
        let ending = try fixture.read("Chapters/01-demo/ending.md")
        #expect(ending.contains("key-point: Step 1.3 greets by name."))
        #expect(ending.contains("Greet twice, after step 1.3."))
        #expect(!ending.contains("1.2"))
    }
}
