import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel
@testable import WorkbookText

@Suite("Alternatives: a learner's own correct code, read from a chapter's alternatives/ folder", .offThePool)
struct AlternativeTests {
    static let path = "Chapters/01-demo/alternatives/01-a-local-greeting.md"
    static let alternative = """
        ---
        step: 1.2
        title: The greeting in a local constant
        file: Sources/Chapter01Demo/Greeter.swift
        replace: "Hello, \\(name)!"
        with: let greeting = "Hello, \\(name)!"
        with: return greeting
        ---
        A learner names what they return before returning it.
        """

    @Test("The page of other correct ways lists each chapter's alternatives: step, title, why, and the edit")
    func otherCorrectWaysPage() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.path, Self.alternative)

        let lines = OtherCorrectWays.lines(try fixture.load())

        #expect(lines.contains("### Chapter 1: Demo"), "\(lines)")
        #expect(
            lines.contains(
                "**Step 1.2: the greeting in a local constant.** A learner names what they return before returning it."
            ))
        #expect(
            lines.joined(separator: "\n").contains(
                """
                In `Sources/Chapter01Demo/Greeter.swift`:

                ```diff
                - "Hello, \\(name)!"
                + let greeting = "Hello, \\(name)!"
                + return greeting
                ```
                """), "\(lines.joined(separator: "\n"))")
    }

    @Test("An alternative is read with its step, its title, its edits and its text")
    func alternativeIsRead() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.path, Self.alternative)

        let chapter = try #require(try fixture.load().chapters.first)

        #expect(
            chapter.alternatives == [
                Alternative(
                    path: Self.path, step: "1.2", title: "The greeting in a local constant",
                    edits: [
                        FileEdit(
                            file: WorkbookFixture.sourcePath, replace: "\"Hello, \\(name)!\"",
                            with: "let greeting = \"Hello, \\(name)!\"\nreturn greeting", line: 5)
                    ], text: "A learner names what they return before returning it.")
            ])
        #expect(chapter.mistakes.isEmpty)
    }

    @Test("An alternative's step: is renumbered with the texts, and its text is read for steps it names")
    func stepLineIsAStepReference() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.path, Self.alternative)

        #expect(StepReferences.textFiles(of: try fixture.load()).contains(fixture.url(Self.path)))

        try fixture.write(Self.path, Self.alternative + " Step 1.7 rewrites it.\n")
        let workbook = try fixture.load()
        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook)
        #expect(
            problems.contains(
                ChainProblem(subject: Self.path, problem: "its text names step 1.7, which does not exist")))
    }

    /// A change to the good file, and the line the error must name (nil: the file as a whole).
    static let malformed: [(old: String, new: String, line: Int?)] = [
        ("step: 1.2", "step: 1.1", 2),
        ("step: 1.2", "step: 1.7", 2),
        ("title: The greeting in a local constant\n", "", nil),
        ("title:", "shows:", 3),
        ("file: Sources/Chapter01Demo/Greeter.swift", "file: Package.swift", 4),
        ("with: let greeting = \"Hello, \\(name)!\"\nwith: return greeting\n", "", 5),
        ("with: let greeting", "title: let greeting", 6),
        (
            "replace: \"Hello, \\(name)!\"\nwith: let greeting = \"Hello, \\(name)!\"\nwith: return greeting\n",
            "", 4
        ),
        ("A learner names what they return before returning it.", "", nil),
    ]

    @Test("A malformed alternative is one sentence naming its file and line", arguments: malformed.indices)
    func malformedAlternativeIsRefused(_ index: Int) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let (old, new, line) = Self.malformed[index]
        let text = Self.alternative.replacingOccurrences(of: old, with: new)
        #expect(text != Self.alternative)
        try fixture.write(Self.path, text)

        let error = #expect(throws: StageKitError.self) { try fixture.load() }

        let place = line.map { "\(Self.path):\($0): " } ?? "\(Self.path): "
        #expect(error?.description.hasPrefix(place) == true, "\(String(describing: error))")
    }

    @Test("A file of the alternatives folder is named NN-slug.md and numbered from 01")
    func alternativeFilesAreNumbered() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/alternatives/02-a-local-greeting.md", Self.alternative)
        let gap = #expect(throws: StageKitError.self) { try fixture.load() }
        #expect(
            gap?.description.hasPrefix("Chapters/01-demo/alternatives/:") == true,
            "\(String(describing: gap))")

        try fixture.remove("Chapters/01-demo/alternatives/02-a-local-greeting.md")
        try fixture.write("Chapters/01-demo/alternatives/local-greeting.md", Self.alternative)
        let name = #expect(throws: StageKitError.self) { try fixture.load() }
        #expect(
            name?.description
                == "Chapters/01-demo/alternatives/local-greeting.md does not belong there: an alternative is a"
                + " file named NN-slug.md, like 01-guard-for-if.md.")
    }

    @Test("An alternative the step's code no longer holds is one sentence naming its file and line")
    func staleAlternativeIsNamed() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.path, Self.alternative)
        let alternative = try #require(try fixture.load().chapters.first?.alternatives.first)

        let written = try alternative.applied(to: [
            WorkbookFixture.sourcePath: Data(WorkbookFixture.sourceFile.utf8)
        ])
        #expect(
            written[WorkbookFixture.sourcePath].map { String(decoding: $0, as: UTF8.self) }
                == WorkbookFixture.sourceFile.replacingOccurrences(
                    of: "        \"Hello, \\(name)!\"",
                    with: "        let greeting = \"Hello, \\(name)!\"\n        return greeting"))
        let stale = #expect(throws: StageKitError.self) {
            try alternative.applied(to: [WorkbookFixture.sourcePath: Data("struct Greeter {}\n".utf8)])
        }
        #expect(
            stale?.description.hasPrefix("\(Self.path):5: '\"Hello, \\(name)!\"' is not one line") == true)
    }
}
