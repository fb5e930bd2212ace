import Foundation
import Testing

@testable import WorkbookModel

@Suite("FileEdit: the edits mistakes and alternatives make", .offThePool)
struct FileEditTests {
    @Test("A replace: is the one line it names, indentation kept, or else the one place it occurs")
    func replacingFindsOnePlace() {
        let text = "struct A {\n    let x = 1\n    let y = x\n}\n"

        #expect(
            FileEdit.replacing("let x = 1", with: "let x = 2", in: text) == text.replacing("= 1", with: "= 2")
        )
        #expect(FileEdit.replacing("let y = x", with: "", in: text) == "struct A {\n    let x = 1\n\n}\n")
        #expect(FileEdit.replacing("= 1", with: "= 3", in: text) == text.replacing("= 1", with: "= 3"))
        #expect(FileEdit.replacing("let", with: "var", in: text) == nil, "found twice")
        #expect(FileEdit.replacing("let z", with: "var z", in: text) == nil, "not found")
    }

    @Test("A with: of several lines indents each as the line it lands in, plus what it writes")
    func severalLinesAreIndented() {
        let text = "struct A {\n    let x = 1\n}\n"

        #expect(
            FileEdit.replacing("let x = 1", with: "var x: Int {\n    1\n}", in: text)
                == "struct A {\n    var x: Int {\n        1\n    }\n}\n")
        #expect(
            FileEdit.replacing("x = 1", with: "x = 1\n\nlet y = 2", in: text)
                == "struct A {\n    let x = 1\n\n    let y = 2\n}\n")
    }

    @Test("Several replace: lines are lines found together once, each indentation aside")
    func severalLinesAreReplacedTogether() {
        let text = "if a {\n    x()\n} else {\n    y()\n}\nif b {\n    x()\n} else {\n    z()\n}\n"

        #expect(
            FileEdit.replacing("} else {\ny()\n}", with: "}\ny()", in: text)
                == "if a {\n    x()\n}\ny()\nif b {\n    x()\n} else {\n    z()\n}\n")
        #expect(FileEdit.replacing("} else {\nx()", with: "", in: text) == nil, "not found")
        #expect(FileEdit.replacing("x()\n} else {", with: "", in: text) == nil, "found twice")
    }

    @Test(
        "Further replace: lines join the text to find, further with: lines add lines below, indented as written"
    )
    func furtherWithLinesAreRead() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let chapter = try #require(try fixture.load().chapters.first)
        let header = """
            ---
            file: Sources/Chapter01Demo/Greeter.swift
            replace: public func greeting(for name: String) -> String {
            replace: "Hello, \\(name)!"
            with: public func greeting(for name: String) -> String {
            with:     guard !name.isEmpty else {
            with:         return "Hello!"
            with:     }
            with:
            with:     return "Hello, \\(name)!"
            ---
            """
        let document = try FrontMatter.parse(header, path: "edit.md")

        let edits = try FileEdit.read(from: document, path: "edit.md", chapter: chapter, what: "an edit")

        #expect(
            edits.map(\.replace) == [
                "public func greeting(for name: String) -> String {\n\"Hello, \\(name)!\""
            ])
        #expect(
            edits.map(\.with) == [
                "public func greeting(for name: String) -> String {\n    guard !name.isEmpty else {\n        return \"Hello!\"\n    }\n\n    return \"Hello, \\(name)!\""
            ])
    }
}
