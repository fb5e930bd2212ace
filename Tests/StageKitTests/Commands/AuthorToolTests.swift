import Testing

@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

/// What `stages` makes of a command line: the command, as its type, and the arguments it was read with.
func parseAuthorCommand(_ arguments: [String]) throws(StageKitError) -> (any AuthorCommand, ParsedArguments)?
{
    switch try AuthorTool.declaration.read(arguments, commands: AuthorTool.commands.map { $0.declaration }) {
    case .help: return nil
    case .command(let index, let parsed): return (try AuthorTool.commands[index].init(parsed), parsed)
    }
}

@Suite("stages' commands", .offThePool)
struct AuthorToolTests {
    @Test("Each command parses with its options, in any order, and the root wherever it is")
    func commandsParse() throws {
        #expect(try parseAuthorCommand([]) == nil)
        let walk = try #require(try parseAuthorCommand(["walk"])?.0 as? WalkCommand)
        #expect(walk.selection == WalkSelection() && walk.scratch == nil && walk.jobs == nil)
        let chosen = try #require(
            try parseAuthorCommand(["walk", "--root", "/w", "--chapter", "1", "--from", "1.3"]))
        #expect((chosen.0 as? WalkCommand)?.selection == WalkSelection(chapter: "1", from: "1.3"))
        #expect(chosen.1.value(AuthorOptions.root) == "/w")
        let rootFirst = try #require(try parseAuthorCommand(["--root", "/w", "list"]))
        #expect(rootFirst.0 is ListChaptersCommand && rootFirst.1.value(AuthorOptions.root) == "/w")
        let checkout = try #require(
            try parseAuthorCommand(["checkout", "--force", "1.3", "--into", "ws"])?.0 as? CheckoutCommand)
        #expect(checkout.stepName == "1.3" && checkout.into == "ws" && checkout.force)
        #expect((try parseAuthorCommand(["render", "--check"])?.0 as? RenderCommand)?.check == true)
        #expect(
            (try parseAuthorCommand(["bench", "--step", "1.2"])?.0 as? BenchCommand)?.selection
                == WalkSelection(step: "1.2"))
        #expect(
            (try parseAuthorCommand(["walk", "--stage", "1.2"])?.0 as? WalkCommand)?.selection
                == WalkSelection(step: "1.2"), "--stage, the older name, is taken as --step")
        let replay = try #require(
            try parseAuthorCommand(["replay", "--mistakes", "--workbook", "wb", "--chapter", "5"])?.0
                as? ReplayCommand)
        #expect(replay.chapter == "5" && replay.workbookTool == "wb" && replay.mistakes)
        let plain = try #require(try parseAuthorCommand(["replay", "--workbook", "wb"])?.0 as? ReplayCommand)
        #expect(plain.chapter == nil && !plain.mistakes && !plain.alternatives)
        let alternatives = try #require(
            try parseAuthorCommand(["replay", "--workbook", "wb", "--alternatives"])?.0 as? ReplayCommand)
        #expect(alternatives.alternatives && !alternatives.mistakes)
        let insert = try #require(
            try parseAuthorCommand(["insert", "2.3", "--title", "T", "--kind", "red"])?.0 as? InsertCommand)
        #expect(insert.stepName == "2.3" && insert.kind == .red && insert.title == "T")
    }

    @Test("replay --chapter takes one chapter or a list, in its order, and refuses a name that is none")
    func replayTakesAList() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 1)
        let workbook = try fixture.load()

        #expect(try ReplayCommand.chapters("2,1", of: workbook).map(\.number) == [2, 1])
        #expect(try ReplayCommand.chapters(nil, of: workbook).map(\.number) == [1, 2])
        #expect(throws: StageKitError.unknownChapter("4")) { try ReplayCommand.chapters("1,4", of: workbook) }
        #expect(throws: StageKitError.unknownChapter("")) { try ReplayCommand.chapters("1,", of: workbook) }
    }

    @Test(
        "A wrong command line is one sentence saying what is wrong",
        arguments: [
            (["wlak"], "'wlak' is not a command of stages"),
            (["walk", "--chapter"], "--chapter needs a value"),
            (
                ["walk", "--stage", "1.1", "--from", "1.2"],
                "--step and --from do not go together: name one step, or where to start"
            ),
            (["walk", "--fast"], "'--fast' is not an option of 'walk'"),
            (["walk", "--chapter", "1", "--chapter", "2"], "--chapter may be given only once"),
            (["checkout"], "'checkout' needs a step to check out, like 1.3"),
            (["checkout", "1.1", "1.2"], "'1.2' is not an option of 'checkout'"),
            (["replay", "--mistakes"], "'replay' needs --workbook PATH, the built workbook to drive"),
            (
                ["replay", "--workbook", "wb", "--mistakes", "--alternatives"],
                "'--mistakes' and '--alternatives' are two replays: pass one of them"
            ),
            // Each command refuses the options it does not declare, where one parser took them all.
            (["remove", "3.2", "--title", "T"], "'--title' is not an option of 'remove'"),
            (["split", "3.2", "--kind", "red", "--title", "T"], "'--kind' is not an option of 'split'"),
            (
                ["insert", "3.2", "--kind", "blue", "--title", "T"],
                "--kind is red, green, refactor or test, not 'blue'"
            ),
            (
                ["walk", "--jobs", "65"],
                "--jobs takes a number of chapters to walk at once, from 1 to 64, not '65'"
            ),
            (["help", "wlak"], "'wlak' is not a command of stages"),
        ])
    func wrongCommandLinesAreRejected(arguments: [String], problem: String) {
        #expect(throws: StageKitError.usage(problem)) { try parseAuthorCommand(arguments) }
    }

    @Test("Without swift on PATH, the walk stops with one sentence and exit status 2")
    func missingToolchainIsOneSentence() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        var errors: [String] = []
        let tool = AuthorTool(
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
        let tool = AuthorTool(
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

        let tool = AuthorTool(
            currentFolder: fixture.root, environment: [:], print: { _ in }, printError: { _ in })
        #expect(tool.run(["render"]) == 0)

        #expect(
            try fixture.read("README.md").contains(
                "| 1 | [Demo](Chapters/01-demo/README.md) |  | core | `Chapter01Demo` | 2 |"))
        #expect(ChapterTable.section.problem(in: try fixture.load()) == nil)
    }
}
