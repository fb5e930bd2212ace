import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("ChainChecker", .offThePool)
struct ChainCheckerTests {
    /// The chain problems of the fixture's chapter 1 as it is on disk.
    func problems(_ fixture: WorkbookFixture, chapter number: Int = 1) throws -> [String] {
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(number))
        let packageFiles = try FileTree.read(from: fixture.url("Sources"), under: "Sources/")
            .overlaid(with: try FileTree.read(from: fixture.url("Tests"), under: "Tests/"))
        return ChainChecker.problems(
            in: chapter, of: workbook, packageFiles: packageFiles,
            manifest: try fixture.read("Package.swift"),
            chapterText: try? fixture.read("Chapters/\(chapter.folderName)/README.md")
        ).map(\.description)
    }

    @Test("The fixture's chain holds")
    func intactChainHasNoProblems() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let found = try problems(fixture)

        #expect(found == [])
    }

    @Test("A green step that edits its red's test is caught, naming the step and the file")
    func greenEditingTheTestIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let edited = WorkbookFixture.testFile.replacingOccurrences(of: "Hello, Ada!", with: "Hi")
        try fixture.write("\(WorkbookFixture.stagesPath)/02-greet/\(WorkbookFixture.testPath)", edited)
        try fixture.write(WorkbookFixture.testPath, edited)
        try fixture.renderChapterTexts()

        let found = try problems(fixture)

        #expect(
            found == [
                "1.2: a green step may not change the tests its red step wrote, but it changes \(WorkbookFixture.testPath)"
            ])
    }

    @Test("A last step that differs from Sources/ is caught, naming the step and the file")
    func lastStepDifferingFromSourcesIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            WorkbookFixture.sourcePath, WorkbookFixture.sourceFile + "// edited in Sources only\n")
        try fixture.write("Sources/Chapter01Demo/Extra.swift", "")

        let found = try problems(fixture)

        #expect(
            found == [
                "1.2: the package has Sources/Chapter01Demo/Extra.swift, which the last step lacks",
                "1.2: \(WorkbookFixture.sourcePath) in the package differs from the last step's",
            ])
    }

    @Test("A stale chapter text is caught")
    func staleChapterTextIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/README.md", "edited by hand\n")

        let found = try problems(fixture)

        #expect(
            found == [
                "chapter 1: Chapters/01-demo/README.md is not the text its steps make: run Scripts/render-chapters"
            ])
    }

    @Test("Steps out of order are caught: a green after a green, a refactor after a red, a red at the end")
    func stepsOutOfOrderAreCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader("kind: refactor", "title: T"))
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-more/stage.md",
            stageHeader("kind: red", "title: T", "expect: compile-error", "diagnostic: x"))
        try fixture.write("\(WorkbookFixture.stagesPath)/03-more/Sources/Chapter01Demo/More.swift", "")
        try fixture.write("Sources/Chapter01Demo/More.swift", "")
        try fixture.renderChapterTexts()

        let found = try problems(fixture)

        #expect(
            found == [
                "1.1: a refactor step starts from passing code, but it follows nothing",
                "1.2: a green step makes a red one pass, but it follows a refactor step",
                "1.3: a chapter ends on a passing step, not on a red one",
            ])
    }

    @Test("A step that writes a file unchanged, or deletes one nobody wrote, is caught")
    func redundantChangesAreCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/stage.md",
            stageHeader("kind: refactor", "title: T", "delete: Sources/Chapter01Demo/Nothing.swift"))
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/03-tidy/\(WorkbookFixture.sourcePath)", WorkbookFixture.sourceFile)
        try fixture.renderChapterTexts()

        let found = try problems(fixture)

        #expect(
            found == [
                "1.3: it writes \(WorkbookFixture.sourcePath) unchanged: keep only the files a step changes",
                "1.3: it deletes Sources/Chapter01Demo/Nothing.swift, which no earlier step wrote",
            ])
    }

    @Test("A chapter whose module Package.swift does not list is caught")
    func moduleMissingFromManifestIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Package.swift", "let chapters: [String] = []\n")

        let found = try problems(fixture)

        #expect(found == ["chapter 1: Package.swift does not list its module Chapter01Demo"])
    }

    @Test("A continuing chapter starts from the previous chapter's last step, its module renamed")
    func continuingChapterStartsWherePreviousEnded() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/02-more/chapter.md", "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\n---\nText")
        try fixture.write(
            "Chapters/02-more/stages/01-refine/stage.md", stageHeader("kind: refactor", "title: Refine"))
        let refined = WorkbookFixture.sourceFile + "// refined\n"
        try fixture.write("Chapters/02-more/stages/01-refine/Sources/Chapter02More/Greeter.swift", refined)
        try fixture.write("Sources/Chapter02More/Greeter.swift", refined)
        try fixture.write(
            "Tests/Chapter02MoreTests/GreeterTests.swift",
            WorkbookFixture.testFile.replacingOccurrences(
                of: "import Chapter01Demo", with: "import Chapter02More"))
        try fixture.write("Package.swift", "let chapters = [\"Chapter01Demo\", \"Chapter02More\"]\n")
        try fixture.renderChapterTexts()
        let workbook = try fixture.load()

        let start = workbook.startTree(of: try #require(workbook.chapter(2)))

        #expect(
            start.paths == [
                "Sources/Chapter02More/Greeter.swift", "Tests/Chapter02MoreTests/GreeterTests.swift",
            ])
        let found = try problems(fixture, chapter: 2)

        #expect(found == [])
    }

    @Test("A continuing chapter with a start folder of its own is caught")
    func continuingChapterWithStartIsCaught() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/02-more/chapter.md", "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\n---\nText")
        try fixture.write("Chapters/02-more/start/Sources/Chapter02More/Extra.swift", "")
        try fixture.write(
            "Chapters/02-more/stages/01-refine/stage.md", stageHeader("kind: refactor", "title: R"))
        try fixture.write("Chapters/02-more/stages/01-refine/Sources/Chapter02More/More.swift", "")

        let found = try problems(fixture, chapter: 2)

        #expect(
            found.first
                == "chapter 2: it continues another chapter, so it starts where that one ends and has no start/ folder"
        )
    }

    @Test("Every milestone a step names is marked by a suite; ranges and lists in a suite's name count")
    func milestonesNeedTheirSuites() throws {
        #expect(MilestoneSuites.numbers(in: "3.2 to 3.5 and 4.7") == ["3.2", "3.3", "3.4", "3.5", "4.7"])
        #expect(MilestoneSuites.numbers(in: "1.1, 2.1") == ["1.1", "2.1"])
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let step = "\(WorkbookFixture.stagesPath)/02-greet/stage.md"
        try fixture.write(
            step,
            try fixture.read(step).replacingOccurrences(
                of: "title: Greet", with: "title: Greet\nmilestone: 1.2"))
        try fixture.renderChapterTexts()

        #expect(
            try problems(fixture) == [
                "1.2: it belongs to milestone M1.2, which no suite of the chapter's final tests marks:"
                    + " name one @Suite(\"Milestone 1.2: …\")"
            ])
        #expect(
            MilestoneSuites.titles(
                in: FileTree(["Tests/T/A.swift": Data("@Suite(\"Milestones 1.1 and 1.2: greeting\")\n".utf8)])
            ) == [
                "1.1": "M1.1: greeting", "1.2": "M1.2: greeting",
            ])
    }

    @Test("A test step adds tests that pass at once: it may not change the code")
    func testStepsChangeOnlyTests() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let step = "\(WorkbookFixture.stagesPath)/03-pin/"
        try fixture.write(step + "stage.md", stageHeader("kind: test", "title: Pin"))
        try fixture.write(step + WorkbookFixture.sourcePath, WorkbookFixture.sourceFile + "// more\n")
        try fixture.write(WorkbookFixture.sourcePath, WorkbookFixture.sourceFile + "// more\n")
        try fixture.renderChapterTexts()

        #expect(
            try problems(fixture) == [
                "1.3: a test step adds tests that pass at once and changes no code, but it changes \(WorkbookFixture.sourcePath)"
            ])
    }
}
