import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

@Suite("StagesCommand")
struct StagesCommandTests {
    @Test("Each command parses with its options, in any order")
    func commandsParse() throws {
        #expect(try StagesCommand.parse([]) == .help)
        #expect(
            try StagesCommand.parse(["walk"]) == .walk(WalkSelection(), root: nil, scratch: nil, jobs: nil))
        #expect(
            try StagesCommand.parse(["walk", "--root", "/w", "--chapter", "1", "--from", "1.3"])
                == .walk(WalkSelection(chapter: "1", from: "1.3"), root: "/w", scratch: nil, jobs: nil))
        #expect(
            try StagesCommand.parse(["checkout", "--force", "1.3", "--into", "ws"])
                == .checkout(stage: "1.3", into: "ws", force: true, root: nil))
        #expect(try StagesCommand.parse(["render", "--check"]) == .render(check: true, root: nil))
        #expect(
            try StagesCommand.parse(["bench", "--stage", "1.2"])
                == .bench(WalkSelection(stage: "1.2"), root: nil))
        #expect(try StagesCommand.parse(["list"]) == .list(root: nil))
        #expect(
            try StagesCommand.parse(["replay", "--mistakes", "--workbook", "wb", "--chapter", "5"])
                == .replay(chapter: "5", workbookTool: "wb", root: nil, mistakes: true))
        #expect(
            try StagesCommand.parse(["replay", "--workbook", "wb"])
                == .replay(chapter: nil, workbookTool: "wb", root: nil, mistakes: false))
    }

    @Test(
        "A wrong command line is one sentence saying what is wrong",
        arguments: [
            (["wlak"], "'wlak' is not a command of stages"),
            (["walk", "--chapter"], "--chapter needs a value"),
            (
                ["walk", "--stage", "1.1", "--from", "1.2"],
                "--stage and --from do not go together: name one stage, or where to start"
            ),
            (["walk", "--fast"], "'--fast' is not an option of 'walk'"),
            (["walk", "--chapter", "1", "--chapter", "2"], "--chapter may be given only once"),
            (["checkout"], "'checkout' needs a stage to check out, like 1.3"),
            (["checkout", "1.1", "1.2"], "'1.2' is not an option of 'checkout'"),
            (["replay", "--mistakes"], "'replay' needs --workbook PATH, the built workbook to drive"),
        ])
    func wrongCommandLinesAreRejected(arguments: [String], problem: String) {
        #expect(throws: StageKitError.usage(problem)) { try StagesCommand.parse(arguments) }
    }

    @Test("Without swift on PATH, the walk stops with one sentence and exit status 2")
    func missingToolchainIsOneSentence() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        var errors: [String] = []
        let tool = StagesTool(
            currentFolder: fixture.root, environment: ["PATH": "/nonexistent"], print: { _ in },
            printError: { errors.append($0) })

        let status = tool.run(["walk"])

        #expect(status == 2)
        #expect(
            errors == [
                "stages: cannot find the 'swift' command on PATH: install a Swift 6 toolchain (swift.org/install)."
            ])
    }

    @Test("render writes stale chapter texts, and render --check only names them and fails")
    func renderWritesOrChecks() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/README.md", "stale\n")
        var printed: [String] = []
        let tool = StagesTool(
            currentFolder: fixture.root, environment: [:], print: { printed.append($0) }, printError: { _ in }
        )

        #expect(tool.run(["render", "--check"]) == 1)
        #expect(try fixture.read("Chapters/01-demo/README.md") == "stale\n")
        #expect(tool.run(["render"]) == 0)
        #expect(
            try fixture.read("Chapters/01-demo/README.md").hasPrefix("<!-- Made by Scripts/render-chapters"))
        #expect(tool.run(["render", "--check"]) == 0)
        #expect(
            printed == [
                "stale: Chapters/01-demo/README.md", "wrote Chapters/01-demo/README.md",
                "every chapter text is up to date.",
            ])
    }

    @Test(
        "The README's table of chapters is made from Chapters/: render writes it, the chain check names it stale"
    )
    func readmeTableIsRenderedAndChecked() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "README.md", "# Demo\n\n\(ChapterTable.begin)\n| 1 | Demo | 9 steps |\n\(ChapterTable.end)\n")
        #expect(
            ChapterTable.section.problem(in: try fixture.load())
                == ChainProblem(
                    subject: "README.md",
                    problem: "its table of chapters is stale: run Scripts/render-chapters"))

        let tool = StagesTool(
            currentFolder: fixture.root, environment: [:], print: { _ in }, printError: { _ in })
        #expect(tool.run(["render"]) == 0)

        #expect(
            try fixture.read("README.md").contains(
                "| 1 | [Demo](Chapters/01-demo/README.md) |  | core | `Chapter01Demo` | 2 |"))
        #expect(ChapterTable.section.problem(in: try fixture.load()) == nil)
    }
}
