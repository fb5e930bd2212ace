import Foundation
import Testing

@testable import WorkbookModel

@Suite("WorkbookLoader", .offThePool)
struct WorkbookLoaderTests {
    @Test("Loading the fixture reads its chapter, its steps, their expectations and files")
    func loadingReadsChapterAndSteps() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let workbook = try fixture.load()

        let chapter = try #require(workbook.chapters.first)
        #expect(chapter.number == 1)
        #expect(chapter.title == "Demo")
        #expect(chapter.module == "Chapter01Demo")
        #expect(chapter.start.paths == [WorkbookFixture.sourcePath])
        #expect(chapter.steps.map(\.id) == ["1.1", "1.2"])
        #expect(chapter.steps.map(\.kind) == [.red, .green])
        #expect(
            chapter.steps[0].expectation == .compileError([.init(message: "cannot find 'Greeter' in scope")])
        )
        #expect(chapter.steps[0].hints == ["Read the error first."])
        #expect(chapter.steps[0].changes.paths == [WorkbookFixture.testPath])
        #expect(chapter.steps[1].expectation == .green)
    }

    @Test("A step's tree is the start with every step up to it written over it")
    func stepTreeOverlaysStepsOnStart() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapters.first)

        let trees = workbook.trees(of: chapter)

        #expect(trees[0].paths == [WorkbookFixture.sourcePath, WorkbookFixture.testPath])
        #expect(trees[0].files[WorkbookFixture.sourcePath] == Data("// Greeter will live here.\n".utf8))
        #expect(trees[1].files[WorkbookFixture.sourcePath] == Data(WorkbookFixture.sourceFile.utf8))
        #expect(workbook.tree(before: chapter.steps[1], in: chapter) == trees[0])
        #expect(workbook.tree(before: chapter.steps[0], in: chapter) == workbook.startTree(of: chapter))
    }

    @Test("A test-failure step pairs each failing test with the message line after it")
    func testFailureStepPairsTestsWithMessages() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: T", "expect: test-failure", "failing: Suite/a()", "message: first",
                "failing: Suite/b()"))

        let step = try #require(try fixture.load().chapters.first?.steps.first)

        #expect(
            step.expectation
                == .testFailure([.init(test: "Suite/a()", message: "first"), .init(test: "Suite/b()")]))
    }

    @Test("A diagnostic line may name the file the error is in")
    func diagnosticMayNameItsFile() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md",
            stageHeader(
                "kind: red", "title: T", "expect: compile-error", "diagnostic: App.swift: cannot find 'X'"))

        let step = try #require(try fixture.load().chapters.first?.steps.first)

        #expect(step.expectation == .compileError([.init(file: "App.swift", message: "cannot find 'X'")]))
    }

    static let malformedHeaders: [(header: String, message: String)] = [
        (
            stageHeader("kind: blue", "title: T"),
            "stage.md:2: kind is red, green, refactor or test, not 'blue'."
        ),
        (
            stageHeader("kind: red", "title: T"),
            "stage.md: a red step says 'expect: compile-error', 'expect: test-failure' or 'expect: crash'."
        ),
        (
            stageHeader("kind: red", "title: T", "expect: compile-error"),
            "stage.md:4: a compile-error step names the error a learner will see in a 'diagnostic:' line."
        ),
        (
            stageHeader("kind: red", "title: T", "expect: test-failure", "message: m", "failing: a()"),
            "stage.md:5: a 'message:' line follows the 'failing:' line it belongs to."
        ),
        (
            stageHeader("kind: red", "title: T", "expect: test-failure"),
            "stage.md: a test-failure step names the failing test in a 'failing:' line."
        ),
        (
            stageHeader("kind: green", "title: T", "diagnostic: x"),
            "stage.md:4: a green step passes, so 'diagnostic' has no place."
        ),
        (
            stageHeader("kind: green", "title: T", "expect: test-failure"),
            "stage.md:4: a green step passes every test: 'expect: green', not 'test-failure'."
        ),
        (
            stageHeader("kind: green", "titel: T"),
            "stage.md:3: unknown key 'titel' (known: concept, delete, diagnostic, expect, failing, follow-up, given, hint,"
                + " kind, message, milestone, title, unforced, warning)."
        ),
        (
            stageHeader("kind: red", "title: T", "expect: test-failure", "failing: a()"),
            "stage.md:5: a 'failing:' line names the test with its suite, 'Suite/function()' (or its module,"
                + " 'Module.function()', outside any suite), not 'a()'."
        ),
        (
            stageHeader("kind: red", "title: T", "expect: crash", "failing: S/a()", "failing: S/b()"),
            "stage.md:4: a crash step names the one test that is running when the process stops."
        ),
        (stageHeader("kind: green"), "stage.md: the header needs a 'title:' line."),
        (stageHeader("kind: green", "title: T", "title: U"), "stage.md:4: 'title' may appear only once."),
        (
            stageHeader("kind: green", "title: T", text: ""),
            "stage.md: the step has no text for the learner below its header."
        ),
    ]

    @Test(
        "A malformed stage.md stops loading with one sentence naming the file and line",
        arguments: malformedHeaders)
    func malformedStepHeaderIsRejected(header: String, message: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let stagePath = "\(WorkbookFixture.stagesPath)/02-greet"
        try fixture.write("\(stagePath)/stage.md", header)

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)" == "Chapters/01-demo/stages/02-greet/" + message
        }
    }

    @Test("A file outside the chapter's Sources and Tests folders is rejected, by name")
    func strayFileIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("\(WorkbookFixture.stagesPath)/02-greet/Sources/Other/File.swift", "")

        #expect(
            throws: StageKitError.unexpectedFile(
                path: "Chapters/01-demo/stages/02-greet/Sources/Other/File.swift",
                why: "a step's files live under Sources/Chapter01Demo/ or Tests/Chapter01DemoTests/")
        ) {
            try fixture.load()
        }
    }

    @Test("A step folder without its stage.md is rejected")
    func stepWithoutHeaderIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.remove("\(WorkbookFixture.stagesPath)/02-greet/stage.md")

        #expect(
            throws: StageKitError.missingFile(
                path: "Chapters/01-demo/stages/02-greet/stage.md", why: "every step folder has one")
        ) {
            try fixture.load()
        }
    }

    @Test("A gap in the step numbers is rejected")
    func gapInStepNumbersIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try FileManager.default.moveItem(
            at: fixture.url("\(WorkbookFixture.stagesPath)/02-greet"),
            to: fixture.url("\(WorkbookFixture.stagesPath)/03-greet"))

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "Chapters/01-demo/stages/: steps are numbered 01, 02, … with no gap or repeat, but step 02 is missing."
        }
    }

    @Test("A folder that is not named NN-slug is rejected")
    func badlyNamedStepFolderIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("\(WorkbookFixture.stagesPath)/three/stage.md", "")

        #expect(
            throws: StageKitError.unexpectedFile(
                path: "Chapters/01-demo/stages/three",
                why: "a step folder is named NN-slug, like 03-get-top-apps")
        ) {
            try fixture.load()
        }
    }

    @Test("A chapter that continues a chapter that does not exist is rejected")
    func continuingAMissingChapterIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/02-more/chapter.md", "---\ntitle: More\nmodule: Chapter02More\ncontinues: 5\n---\nText")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "Chapters/02-more/chapter.md:4: 'continues' takes the number of an earlier chapter, not '5'."
        }
    }

    @Test("A workbook without a Chapters folder is rejected")
    func missingChaptersFolderIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.remove("Chapters")

        #expect(
            throws: StageKitError.missingFile(path: "Chapters/", why: "the workbook keeps its steps there")
        ) {
            try fixture.load()
        }
    }
}
