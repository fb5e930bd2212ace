import Foundation
import Testing

@testable import WorkbookCommands

/// Text read from a chapter's files is data: a value that could end a line where a reader sees none,
/// move a terminal's cursor or reorder what is shown is refused where it is read, with the file and the
/// line, and a path never leaves the chapter's package.
@Suite("Hostile text", .offThePool)
struct HostileTextTests {
    /// Each field of each kind of file, with the file it lives in and the header it sits in.
    struct Field: CustomTestStringConvertible, Sendable {
        var file: String
        var header: [String]
        var key: String
        var value: String
        var testDescription: String { "\(file): \(key)" }
    }

    static let chapterFile = "Chapters/01-demo/chapter.md"
    static let stageFile = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md"
    static let mistakeFile = "Chapters/01-demo/mistakes/01-no-greeter.md"
    static let chapterHeader = ["title: Demo", "module: Chapter01Demo"]
    static let stageHeader = [
        "kind: red", "title: Ask for a greeting", "expect: compile-error",
        "diagnostic: cannot find 'Greeter' in scope",
    ]
    static let mistakeHeader = [
        "step: 1.2", "title: No greeting", "file: Sources/Chapter01Demo/Greeter.swift", "replace: Hello",
        "with: Bye", "shows: a failing test",
    ]

    static let fields: [Field] =
        [
            ("title", "Demo"), ("module", "Chapter01Demo"), ("track", "Demos"), ("continues", "1"),
            ("test-resources", "Fixtures"),
        ].map {
            Field(file: chapterFile, header: chapterHeader, key: $0.0, value: $0.1)
        }
        + [
            ("kind", "red"), ("title", "Ask"), ("milestone", "M1.1"), ("expect", "compile-error"),
            ("diagnostic", "cannot find 'Greeter' in scope"), ("follow-up", "x"), ("warning", "x"),
            ("hint", "Read the error first."),
            ("delete", "Sources/Chapter01Demo/Old.swift"),
            ("given", "Tests/Chapter01DemoTests/GreeterTests.swift"),
        ].map {
            Field(file: stageFile, header: stageHeader, key: $0.0, value: $0.1)
        }
        + [("failing", "GreeterTests/greets()"), ("message", "x")].map {
            Field(
                file: stageFile, header: ["kind: red", "title: Ask", "expect: test-failure"], key: $0.0,
                value: $0.1)
        }
        + [
            ("step", "1.2"), ("title", "No greeting"), ("file", "Sources/Chapter01Demo/Greeter.swift"),
            ("replace", "Hello"), ("with", "Bye"), ("shows", "a failing test"),
        ].map {
            Field(file: mistakeFile, header: mistakeHeader, key: $0.0, value: $0.1)
        }

    /// The file with `field` given `value`, as its own line if the header has no such key, or in place
    /// of the key's line.
    func write(_ field: Field, value: String, in fixture: WorkbookFixture) throws -> Int {
        var lines = field.header
        if let index = lines.firstIndex(where: { $0.hasPrefix(field.key + ":") }) {
            lines[index] = "\(field.key): \(value)"
        } else {
            lines.append("\(field.key): \(value)")
        }
        try fixture.write(field.file, "---\n" + lines.joined(separator: "\n") + "\n---\nText.\n")
        return (lines.firstIndex { $0.hasPrefix(field.key + ":") } ?? 0) + 2
    }

    @Test(
        "Every header value with a carriage return and a line of Swift in it is refused, by file and line",
        arguments: fields)
    func carriageReturnIsRefused(_ field: Field) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let line = try write(field, value: field.value + "\rprint(\"ran\")", in: fixture)

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "\(field.file):\(line): '\(field.key)' holds a carriage return (U+000D): a header value is one"
                + " line of plain text."
        }
    }

    @Test(
        "Every kind of hidden line break or reordering is refused in a title",
        arguments: [
            "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{1B}[2J", "\u{202E}", "\u{2066}",
            "\u{0}",
        ])
    func hiddenCharactersAreRefused(_ hidden: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(Self.chapterFile, "---\ntitle: Demo\(hidden)x\nmodule: Chapter01Demo\n---\nText.\n")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".hasPrefix("\(Self.chapterFile):2: 'title' holds a")
        }
    }

    @Test("A chapter's text may not hold a control character either")
    func controlInTextIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            Self.chapterFile, "---\ntitle: Demo\nmodule: Chapter01Demo\n---\nFine.\nNot \u{1B}[2J fine.\n")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "\(Self.chapterFile): its text holds a control character (U+001B) (near line 6): the text is"
                + " plain Markdown."
        }
    }

    @Test(
        "A step's delete: line that leaves the chapter's package is refused where it is read",
        arguments: [
            "../../../some/file", "/etc/passwd", "Sources/Chapter01Demo/../../../x",
            "Sources/Chapter01Demo//x",
            "Sources/Other/x.swift", "Sources/Chapter01Demo/./x",
        ])
    func deleteOutsideIsRefused(_ path: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
            "---\nkind: green\ntitle: Greet\ndelete: \(path)\n---\nText.\n")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "\(WorkbookFixture.stagesPath)/02-greet/stage.md:4: 'delete' names a file under"
                + " Sources/Chapter01Demo/ or Tests/Chapter01DemoTests/, not '\(path)'."
        }
    }

    @Test("A stage.md written with CRLF line ends reads as the same step written with LF")
    func crlfReadsAsLF() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let step = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md"
        let before = try #require(try fixture.load().chapter(1)?.steps.first)
        try fixture.write(step, try fixture.read(step).replacingOccurrences(of: "\n", with: "\r\n"))

        let after = try #require(try fixture.load().chapter(1)?.steps.first)

        #expect(after == before)
    }

    @Test("Two files of a step that differ only in case are refused: a Mac takes them for one")
    func caseClashIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/Sources/Chapter01Demo/greeter.swift", "// x\n")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".contains("differs from Sources/Chapter01Demo/Greeter.swift only in case")
        }
    }

    @Test(
        "A progress file whose kept words hold a terminal's control codes, or whose digest is not one, is damaged",
        arguments: [
            #"{"chapter":1,"stage":2,"guided":false,"hintsShown":{},"met":[],"lastMiss":{"1.2":"\u001b[2J"}}"#,
            #"{"chapter":1,"stage":2,"guided":false,"hintsShown":{},"met":[],"metFiles":{"1.1":"$(rm -rf ~)"}}"#,
        ])
    func damagedProgressIsRefused(_ json: String) throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Workspace/.workbook/progress.json", json)

        #expect {
            try LearnerProgress.read(in: fixture.url("Workspace"), workbook: try fixture.load())
        } throws: { error in
            "\(error)".contains("the progress file is damaged")
        }
    }
}
