import Testing

@testable import WorkbookModel

@Suite("FrontMatter", .offThePool)
struct FrontMatterTests {
    @Test("Parsing a header keeps its fields in order, repeated keys included, and the body after it")
    func parsingKeepsFieldsInOrderAndBody() throws {
        let document = try FrontMatter.parse(
            "---\nkind: red\nhint: one\nhint: two: with a colon\n---\n\nThe text.\n", path: "stage.md")

        #expect(
            document.fields == [
                .init(key: "kind", value: "red", line: 2),
                .init(key: "hint", value: "one", line: 3),
                .init(key: "hint", value: "two: with a colon", line: 4),
            ])
        #expect(document.body == "The text.")
    }

    @Test("Parsing skips blank and comment lines in the header")
    func parsingSkipsBlankAndCommentLines() throws {
        let document = try FrontMatter.parse("---\n\n# a note\nkind: green\n---\nText", path: "stage.md")

        #expect(document.fields.map(\.key) == ["kind"])
    }

    @Test(
        "Parsing a malformed header throws an error that names the file and the line",
        arguments: [
            ("kind: red\n---\nText", "stage.md:1: a header must start the file, opened by a '---' line."),
            ("---\nkind: red\nText", "stage.md: the header is never closed by a '---' line."),
            ("---\nkind red\n---\nText", "stage.md:2: expected 'key: value', found 'kind red'."),
            ("---\nki nd: red\n---\nText", "stage.md:2: 'ki nd' is not a key."),
        ])
    func parsingMalformedHeaderThrows(text: String, message: String) {
        #expect {
            try FrontMatter.parse(text, path: "stage.md")
        } throws: { error in
            "\(error)" == message
        }
    }
}
