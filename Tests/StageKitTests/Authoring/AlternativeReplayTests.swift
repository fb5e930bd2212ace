import Foundation
import Testing

@testable import WorkbookAuthoring

@Suite("Alternatives, written by the replay at their step and kept through the later ones", .offThePool)
struct AlternativeReplayTests {
    static let farewellTest = "Tests/Chapter01DemoTests/FarewellTests.swift"

    /// The fixture's chapter with four more steps: 1.3 a red that adds a test and leaves Greeter.swift
    /// alone, 1.4 a green that rewrites it keeping the greeting's line but not its `init`, 1.5 a green
    /// that rewrites the greeting, and 1.6 a refactor. The alternative at 1.2 edits both lines.
    static func makeFixture() throws -> WorkbookFixture {
        let fixture = try WorkbookFixture()
        let steps = WorkbookFixture.stagesPath
        try fixture.write(
            "\(steps)/03-ask-for-a-farewell/stage.md",
            stageHeader(
                "kind: red", "title: Ask for a farewell", "expect: compile-error", "diagnostic: farewell"))
        try fixture.write("\(steps)/03-ask-for-a-farewell/\(farewellTest)", "// asks for farewell(for:)\n")
        try fixture.write(
            "\(steps)/04-say-farewell/stage.md", stageHeader("kind: green", "title: Say farewell"))
        try fixture.write(
            "\(steps)/04-say-farewell/\(WorkbookFixture.sourcePath)",
            WorkbookFixture.sourceFile.replacingOccurrences(of: "public init() {}", with: "public init() { }")
        )
        try fixture.write(
            "\(steps)/05-greet-warmly/stage.md", stageHeader("kind: green", "title: Greet warmly"))
        try fixture.write(
            "\(steps)/05-greet-warmly/\(WorkbookFixture.sourcePath)",
            WorkbookFixture.sourceFile.replacingOccurrences(of: "Hello, ", with: "Welcome, "))
        try fixture.write("\(steps)/06-tidy/stage.md", stageHeader("kind: refactor", "title: Tidy"))
        try fixture.write("\(steps)/06-tidy/\(farewellTest)", "// tidied\n")
        try fixture.write(
            "Chapters/01-demo/alternatives/01-a-local-greeting.md",
            """
            ---
            step: 1.2
            title: The greeting in a local constant
            file: Sources/Chapter01Demo/Greeter.swift
            replace: "Hello, \\(name)!"
            with: let greeting = "Hello, \\(name)!"
            with: return greeting
            replace: public init() {}
            with: public init() {
            with: }
            ---
            A learner names what they return before returning it.
            """)
        return fixture
    }

    /// Replays the fixture's alternatives with `answer` standing for the workbook tool; returns the
    /// surprises, what was printed, the commands run, and the learner's Greeter.swift at each check.
    static func replay(_ answer: @escaping (_ command: [String], _ checks: Int) -> (Int32, String)) throws
        -> (
            surprises: [String], printed: [String], commands: [String], sources: [String]
        )
    {
        let fixture = try makeFixture()
        defer { fixture.delete() }
        let workspace = fixture.url("Workspace")
        var printed: [String] = []
        var commands: [String] = []
        var sources: [String] = []
        let replay = LearnerReplay(
            workbook: try fixture.load(), workspace: workspace,
            drive: { arguments in
                commands.append(arguments.joined(separator: " "))
                if arguments.first == "check" {
                    sources.append(
                        try String(
                            contentsOf: workspace.appendingPathComponent(WorkbookFixture.sourcePath),
                            encoding: .utf8))
                }
                let (status, output) = answer(arguments, sources.count)
                return (.exited(status), output)
            }, print: { printed.append($0) })
        let surprises = try replay.runAlternatives(chapters: try fixture.load().chapters)
        return (surprises, printed, commands, sources)
    }

    /// A met check of the step the replay is at: its second check is at 1.3, a red; the others at greens.
    static func met(_ checks: Int) -> String { StandInCheck.met(checks == 2 ? .red : .green) }

    @Test(
        "The replay writes the alternative at its step, makes its edits again while found, and stops when none is"
    )
    func keepsTheLearnersCodeWhileItLasts() throws {
        let (surprises, printed, commands, sources) = try Self.replay { _, checks in (0, Self.met(checks)) }

        #expect(surprises.isEmpty)
        #expect(
            commands == [
                "start 1 --force", "goto 1.2 --yes", "check --json", "next", "check --json", "next",
                "check --json", "next", "check --json", "next",
            ])
        let bothEdits = WorkbookFixture.sourceFile
            .replacingOccurrences(of: "public init() {}", with: "public init() {\n    }")
            .replacingOccurrences(
                of: "        \"Hello, \\(name)!\"",
                with: "        let greeting = \"Hello, \\(name)!\"\n        return greeting")
        let greetingOnly = WorkbookFixture.sourceFile
            .replacingOccurrences(of: "public init() {}", with: "public init() { }")
            .replacingOccurrences(
                of: "        \"Hello, \\(name)!\"",
                with: "        let greeting = \"Hello, \\(name)!\"\n        return greeting")
        let noneLeft = WorkbookFixture.sourceFile.replacingOccurrences(of: "Hello, ", with: "Welcome, ")
        #expect(sources == [bothEdits, bothEdits, greetingOnly, noneLeft])
        #expect(printed.first?.hasPrefix("1.2  accepted  at 1.2 … 1.5 (4 steps)  ") == true, "\(printed)")
        #expect(printed.first?.hasSuffix(" s  The greeting in a local constant") == true)
        #expect(printed.last?.hasPrefix("alternatives accepted: all 1, in ") == true)
    }

    @Test("A check that refuses the learner's code at a later step is a surprise showing what it printed")
    func refusedLaterIsASurprise() throws {
        let (surprises, printed, commands, _) = try Self.replay { arguments, checks in
            arguments.first == "check" && checks == 3
                ? (1, "Red, for another reason: x") : (0, Self.met(checks))
        }

        #expect(commands.suffix(2) == ["next", "check --json"], "nothing runs after the surprise")
        #expect(surprises.count == 1)
        #expect(
            surprises.first
                == "1.4: the check accepts Chapters/01-demo/alternatives/01-a-local-greeting.md, but 'workbook"
                + " check --json' exited with status 1:\nRed, for another reason: x")
        #expect(printed.first?.hasPrefix("1.2  SURPRISE  at 1.2 … 1.4 (3 steps)") == true, "\(printed)")
        #expect(printed.last?.hasPrefix("alternatives FAILED: 1 surprise(s) in 1 alternatives") == true)
    }

    @Test("A met check that does not say what the step's goal is, red or green, is a surprise")
    func metWithoutTheWordIsASurprise() throws {
        let (surprises, _, _, _) = try Self.replay { arguments, checks in
            arguments.first == "check" && checks == 2 ? (0, StandInCheck.met(.green)) : (0, Self.met(checks))
        }

        #expect(surprises.count == 1)
        #expect(surprises.first?.hasPrefix("1.3: the check did not say 'Red, for the right reason'") == true)
    }
}
