import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

@Suite("The DocC tutorial made from the steps", .offThePool)
struct TutorialCatalogTests {
    @Test("Each step's @Code shows its file against the same file one step earlier")
    func codeShowsTheFileAgainstTheStepBefore() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let catalog = TutorialCatalog(try fixture.load())
        let tutorial = String(decoding: try #require(catalog.files["Chapter01Demo.tutorial"]), as: UTF8.self)

        let newTest = "c01-s01-Tests-Chapter01DemoTests-GreeterTests.swift"
        let greeter = "c01-s02-Sources-Chapter01Demo-Greeter.swift"
        let greeterBefore = "c01-s02-before-Sources-Chapter01Demo-Greeter.swift"
        #expect(tutorial.contains("@Code(name: \"GreeterTests.swift\", file: \"\(newTest)\")"))
        #expect(
            tutorial.contains(
                "@Code(name: \"Greeter.swift\", file: \"\(greeter)\", previousFile: \"\(greeterBefore)\")"))
        #expect(catalog.files["Resources/\(greeter)"] == Data(WorkbookFixture.sourceFile.utf8))
        #expect(catalog.files["Resources/\(greeterBefore)"] == Data("// Greeter will live here.\n".utf8))
        #expect(
            tutorial.contains("cannot find 'Greeter' in scope"), "the red step says what the learner sees")
        #expect(tutorial.contains("**Hint 1.** Read the error first."))
    }

    @Test("Chapters of one track are one chapter of the book; a chapter names its track or continues one")
    func tracksGroupTheChapters() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        for (number, header) in [(2, "continues: 1"), (3, "track: Other")] {
            try fixture.write(
                "Chapters/0\(number)-more/chapter.md",
                "---\ntitle: More \(number)\nmodule: Chapter0\(number)More\n\(header)\n---\nMore.\n")
            try fixture.write(
                "Chapters/0\(number)-more/stages/01-step/stage.md",
                stageHeader("kind: refactor", "title: Step"))
        }

        let tracks = TutorialCatalog.tracks(of: try fixture.load())

        #expect(tracks.map(\.name) == ["Demo", "Other"])
        #expect(tracks.map { $0.chapters.map(\.number) } == [[1, 2], [3]])
    }

    @Test("stages tutorial builds the site with the toolchain's docc, with no warning")
    func stagesTutorialBuildsTheSite() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: fixture.root, environment: ProcessInfo.processInfo.environment,
            print: { printed.append($0) }, printError: { printed.append($0) })

        #expect(tool.run(["tutorial"]) == 0, "\(printed)")
        let site = fixture.url(".build/tutorial/site")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        #expect(
            FileManager.default.fileExists(
                atPath: site.appendingPathComponent("data/tutorials/workbook/chapter01demo.json").path))
    }

    @Test("A chapter's recap ends its README and its tutorial")
    func recapEndsBothTexts() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/recap.md", "You built a greeter.\n")
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))

        #expect(ChapterRenderer.render(chapter, of: workbook).hasSuffix("## Recap\n\nYou built a greeter.\n"))
        let tutorial = String(
            decoding: try #require(TutorialCatalog(workbook).files["Chapter01Demo.tutorial"]), as: UTF8.self)
        #expect(
            tutorial.contains("@Section(title: \"Recap\")")
                && tutorial.contains("            You built a greeter."))
    }
}
