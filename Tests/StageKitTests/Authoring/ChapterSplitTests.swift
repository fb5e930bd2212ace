import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel

/// `stages split`: a chapter cut in two at a passing step, and everything after it renumbered.
@Suite("Splitting a chapter", .offThePool)
struct ChapterSplitTests {
    /// The small workbook with chapter 2 (three steps, continuing chapter 1) and chapter 3 (one step,
    /// continuing chapter 2), listed in a Package.swift shaped as the workbook's.
    func fixture() throws -> WorkbookFixture {
        let fixture = try WorkbookFixture()
        try fixture.addContinuingChapter(steps: 3)
        try fixture.write(
            "Chapters/02-more/stages/02-step/stage.md",
            stageHeader("kind: refactor", "title: Step 2", text: "Then step 2.3 comes."))
        try fixture.write(
            "Chapters/02-more/stages/03-step/stage.md", stageHeader("kind: refactor", "title: Step 3"))
        try fixture.write(
            "Chapters/03-last/chapter.md",
            "---\ntitle: Last\nmodule: Chapter03Last\ncontinues: 2\n---\nAfter step 2.3.\n")
        try fixture.write(
            "Chapters/03-last/stages/01-step/stage.md", stageHeader("kind: refactor", "title: One"))
        try fixture.write("Chapters/03-last/stages/01-step/Sources/Chapter03Last/Last.swift", "// last\n")
        try fixture.write(
            "Package.swift",
            """
            let chapters: [(name: String, testResources: [Resource])] = [
                ("Chapter01Demo", []),
                ("Chapter02More", []),
                ("Chapter03Last", []),
            ]

            """)
        try fixture.load().syncFinalCode()
        try fixture.renderChapterTexts()
        return fixture
    }

    func split(_ fixture: WorkbookFixture, _ arguments: String...) -> (status: Int32, printed: [String]) {
        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: fixture.root, environment: ProcessInfo.processInfo.environment,
            print: { printed.append($0) }, printError: { printed.append($0) })
        return (tool.run(["split"] + arguments), printed)
    }

    @Test("the steps after the cut become a new chapter that continues the first half, and the chain holds")
    func theSecondHalfBecomesAChapter() throws {
        let fixture = try fixture()
        defer { fixture.delete() }

        let (status, printed) = split(fixture, "2.1", "--title", "Even more")

        #expect(status == 0, "\(printed)")
        let workbook = try fixture.load()
        #expect(
            workbook.chapters.map(\.module) == [
                "Chapter01Demo", "Chapter02More", "Chapter03EvenMore", "Chapter04Last",
            ])
        #expect(workbook.chapters.map(\.continues) == [nil, 1, 2, 3])
        #expect(workbook.chapters.map(\.steps.count) == [2, 1, 2, 1])
        #expect(
            try fixture.read("Chapters/03-even-more/stages/01-step/Sources/Chapter03EvenMore/Step2.swift")
                == "// 2\n")
        #expect(
            try fixture.read("Chapters/03-even-more/stages/01-step/stage.md").contains("Then step 3.2 comes.")
        )
        #expect(try fixture.read("Chapters/04-last/chapter.md").contains("After step 3.2."))
        #expect(
            try fixture.read("Package.swift").contains(
                "(\"Chapter02More\", []),\n    (\"Chapter03EvenMore\", []),\n    (\"Chapter04Last\", []),"))
        #expect(
            FileManager.default.fileExists(atPath: fixture.url("Sources/Chapter03EvenMore/Step3.swift").path))
        #expect(
            !FileManager.default.fileExists(atPath: fixture.url("Sources/Chapter02More/Step2.swift").path))
        #expect(FileManager.default.fileExists(atPath: fixture.url("Sources/Chapter04Last/Last.swift").path))
        #expect(!printed.contains { $0.hasPrefix("chain") }, "\(printed)")
        #expect(printed.contains { $0.contains("Write its chapter.md introduction") })
    }

    @Test(
        "a cut that would end a chapter on a red step, or leave one half empty, is refused and changes nothing",
        arguments: [("1.1", "is red"), ("2.3", "cut after one of 1 to 2"), ("2.0", "name the last step")])
    func aCutInTheWrongPlaceIsRefused(step: String, words: String) throws {
        let fixture = try fixture()
        defer { fixture.delete() }
        let before = try FileTree.read(from: fixture.root)

        let (status, printed) = split(fixture, step, "--title", "Even more")

        #expect(status == 2)
        #expect(printed.contains { $0.contains(words) }, "\(printed)")
        #expect(try FileTree.read(from: fixture.root) == before)
    }

    @Test("steps, milestones, chapters and modules are renumbered in a text; other numbers are left alone")
    func aTextIsRenumbered() {
        let numbering = SplitNumbering(
            chapter: 5, step: 26, milestone: 13,
            movedModules: ["Chapter06NetworkClient": "Chapter07NetworkClient"],
            cutModule: "Chapter05AsyncViewModel", newModule: "Chapter06RealAnswers", chapterCount: 7)
        let text = """
            Steps 5.26 and 5.27, step 6.3, M5.13, M5.14, Milestone 5.15, Milestone5_16, chapters 5 and 6.
            milestone: 5.14
            continues: 5
            Swift 6.2, M277.41, chapter 9, `Chapter06NetworkClientTests`, Chapter05AsyncViewModel.
            """
        #expect(
            numbering.rewrite(text, cutModuleMeansNewChapter: true) == """
                Steps 5.26 and 6.1, step 7.3, M5.13, M6.1, Milestone 6.2, Milestone6_3, chapters 5 and 7.
                milestone: 6.1
                continues: 6
                Swift 6.2, M277.41, chapter 9, `Chapter07NetworkClientTests`, Chapter06RealAnswers.
                """)
        #expect(
            numbering.rewrite("Chapter05AsyncViewModel", cutModuleMeansNewChapter: false)
                == "Chapter05AsyncViewModel")
    }

    @Test(
        "the second half takes its milestones, renumbered, its mistakes and alternatives, the ending and the depth"
    )
    func theSecondHalfTakesWhatIsItsOwn() throws {
        let fixture = try fixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/02-more/chapter.md",
            "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\ndepth: deep dive\n---\nMore.\n")
        try fixture.write(
            "Chapters/02-more/stages/03-step/stage.md",
            stageHeader("kind: refactor", "title: Step 3", "milestone: 2.2", text: "The end of M2.2."))
        try fixture.write(
            "Chapters/02-more/stages/03-step/Tests/Chapter02MoreTests/MoreTests.swift",
            "import Testing\n\n@Suite(\"Milestone 2.2: more\") struct Milestone2_2 {}\n")
        try fixture.write(
            "Chapters/02-more/mistakes/01-three.md",
            """
            ---
            step: 2.3
            title: Three spelled out
            file: Sources/Chapter02More/Step3.swift
            replace: // 3
            with: // three
            shows: three
            ---
            Why a learner writes it.
            """)
        try fixture.write(
            "Chapters/02-more/alternatives/01-three-in-words.md",
            """
            ---
            step: 2.3
            title: Three in words
            file: Sources/Chapter02More/Step3.swift
            replace: // 3
            with: // three, in words
            ---
            Why a learner writes it.
            """)
        try fixture.write(
            "Chapters/02-more/ending.md",
            "---\nkey-point: K.\nquestion: Q?\nright: R.\nwrong: W.\nwhy: Y.\n---\nA challenge.\n")

        let (status, printed) = split(fixture, "2.1", "--title", "Even more")

        #expect(printed.contains { $0.contains("Write its chapter.md introduction") }, "\(printed)")
        let workbook = try fixture.load()
        let new = try #require(workbook.chapter(3))
        #expect(new.isDeepDive)
        #expect(new.step(2)?.milestone == "3.1")
        #expect(new.step(2)?.text.contains("The end of M3.1.") == true)
        #expect(new.mistakes.map(\.step) == ["3.2"])
        #expect(new.mistakes.first?.edits.first?.file == "Sources/Chapter03EvenMore/Step3.swift")
        #expect(new.alternatives.map(\.path) == ["Chapters/03-even-more/alternatives/01-three-in-words.md"])
        #expect(new.alternatives.map(\.step) == ["3.2"])
        #expect(new.alternatives.first?.edits.first?.file == "Sources/Chapter03EvenMore/Step3.swift")
        #expect(new.ending != nil && workbook.chapter(2)?.ending == nil)
        #expect(
            try fixture.read(
                "Chapters/03-even-more/stages/02-step/Tests/Chapter03EvenMoreTests/MoreTests.swift"
            )
            .contains("@Suite(\"Milestone 3.1: more\") struct Milestone3_1"))
        #expect(status == 0, "\(printed)")
    }

    @Test("a split whose new folder is taken is refused before anything is written")
    func aTakenFolderIsRefused() throws {
        let fixture = try fixture()
        defer { fixture.delete() }
        try fixture.write("Sources/Chapter03EvenMore/Left.swift", "// an author's file\n")
        let before = try FileTree.read(from: fixture.root)

        let (status, printed) = split(fixture, "2.1", "--title", "Even more")

        #expect(status == 2)
        #expect(
            printed.contains { $0.contains("Sources/Chapter03EvenMore is in the way of the split") },
            "\(printed)")
        #expect(try FileTree.read(from: fixture.root) == before)
    }
}
