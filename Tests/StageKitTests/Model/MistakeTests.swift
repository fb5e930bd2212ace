import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("Mistakes a learner makes, made by the replay", .offThePool)
struct MistakeTests {
    static let mistakePath = "Chapters/01-demo/mistakes/01-no-name.md"
    static let mistake = """
        ---
        step: 1.2
        title: A greeting without the name
        file: Sources/Chapter01Demo/Greeter.swift
        replace: "Hello, \\(name)!"
        with: "Hello!"
        shows: (Greeter().greeting(for: "Ada") → "Hello!")
        ---
        The name is what the test asks for.
        """

    @Test("A mistake is read with its step, its edits and what the check shows")
    func mistakeIsRead() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.mistakePath, Self.mistake)

        let chapter = try #require(try fixture.load().chapters.first)

        #expect(chapter.mistakes.count == 1)
        #expect(chapter.mistakes.first?.step == "1.2")
        #expect(
            chapter.mistakes.first?.edits == [
                FileEdit(
                    file: WorkbookFixture.sourcePath, replace: "\"Hello, \\(name)!\"", with: "\"Hello!\"",
                    line: 5)
            ])
    }

    @Test("A mistake's step: is a step reference, so that insert and remove renumber it with the texts")
    func stepLineIsRenumbered() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.mistakePath, Self.mistake)

        #expect(StepReferences.rewrite("step: 1.2\n") { _, step in step + 1 } == "step: 1.3\n")
        #expect(StepReferences.textFiles(of: try fixture.load()).contains(fixture.url(Self.mistakePath)))
    }

    static let badMistakes: [(String, String)] = [
        ("step: 1.2", "step: 1.9"),
        ("file: Sources/Chapter01Demo/Greeter.swift", "file: Sources/Other/Greeter.swift"),
        ("file: Sources/Chapter01Demo/Greeter.swift", "file: Sources/Chapter01Demo/../../Package.swift"),
        ("replace: \"Hello, \\(name)!\"\n", ""),
        ("shows: (Greeter().greeting(for: \"Ada\") → \"Hello!\")\n", ""),
        ("title:", "colour:"),
        ("with: \"Hello!\"\n", ""),
        ("replace: \"Hello, \\(name)!\"\nwith: \"Hello!\"\n", ""),
        ("step: 1.2", "step: 1.02\nstep: 1.2"),
    ]

    @Test("A malformed mistake is one sentence naming its file", arguments: badMistakes.indices)
    func malformedMistakeIsRefused(_ index: Int) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let (old, new) = Self.badMistakes[index]
        try fixture.write(Self.mistakePath, Self.mistake.replacingOccurrences(of: old, with: new))

        let error = #expect(throws: StageKitError.self) { try fixture.load() }
        #expect(error?.description.contains(Self.mistakePath) == true, "\(String(describing: error))")
    }

    @Test("A mistake that the step's code no longer holds is one sentence naming the mistake")
    func staleMistakeIsNamed() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.mistakePath, Self.mistake)
        let mistake = try #require(try fixture.load().chapters.first?.mistakes.first)
        let source = [WorkbookFixture.sourcePath: Data(WorkbookFixture.sourceFile.utf8)]

        #expect(try mistake.applied(to: source).count == 1)
        let changed = #expect(throws: StageKitError.self) {
            try mistake.applied(to: [WorkbookFixture.sourcePath: Data("struct Greeter {}\n".utf8)])
        }
        #expect(changed?.description.contains("is not one line, nor found once") == true)
        let deleted = #expect(throws: StageKitError.self) { try mistake.applied(to: [:]) }
        #expect(deleted?.description.contains("step 1.2 has no file \(WorkbookFixture.sourcePath)") == true)
    }

    @Test("The replay makes the mistake after the step's files, and a check that accepts it is a surprise")
    func replayMakesTheMistake() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.mistakePath, Self.mistake)
        let workspace = fixture.url("Workspace")
        var sourceAtCheck: String?
        var commands: [String] = []
        func replay(checkStatus: Int32) throws -> [String] {
            try LearnerReplay(
                workbook: try fixture.load(), workspace: workspace,
                drive: { arguments in
                    commands.append(arguments.joined(separator: " "))
                    guard arguments.first == "check" else { return (.exited(0), "") }
                    sourceAtCheck = try String(
                        contentsOf: workspace.appendingPathComponent(WorkbookFixture.sourcePath),
                        encoding: .utf8)
                    return (
                        .exited(checkStatus),
                        "Expectation failed: (Greeter().greeting(for: \"Ada\") → \"Hello!\")"
                    )
                }, print: { _ in }
            ).runMistakes(chapters: try fixture.load().chapters)
        }

        #expect(try replay(checkStatus: 1).isEmpty)
        #expect(commands == ["start 1 --force", "goto 1.2 --yes", "check"])
        #expect(
            sourceAtCheck
                == WorkbookFixture.sourceFile.replacingOccurrences(of: "Hello, \\(name)!", with: "Hello!"))

        let surprises = try replay(checkStatus: 0)
        #expect(surprises.count == 1)
        #expect(surprises.first?.hasPrefix("1.2: the check refuses \(Self.mistakePath)") == true)

        try fixture.write(
            Self.mistakePath, Self.mistake.replacingOccurrences(of: "→ \"Hello!\"", with: "→ \"Hi\""))
        let refusedForAnotherReason = try replay(checkStatus: 1)
        #expect(
            refusedForAnotherReason.first?.contains("without '(Greeter().greeting(for: \"Ada\") → \"Hi\")'")
                == true)
    }
}
