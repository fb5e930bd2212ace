/// A Markdown document that starts with a header of `key: value` lines between two `---` lines.
///
/// Keys may repeat (a step has several hints); the order of the fields is kept.
package struct FrontMatter: Equatable {
    struct Field: Equatable {
        var key: String
        var value: String
        var line: Int
        /// The spaces written before the value beyond the one after the colon: `with:     return x`
        /// has 4. Only an edit's further `with:` lines read it, as the indentation of code.
        var indentation = 0
    }

    var fields: [Field]
    var body: String

    /// Parses `text`; `path` only names the file in errors.
    static func parse(_ text: String, path: String) throws(StageKitError) -> FrontMatter {
        // Split on the scalar: to Swift a "\r\n" pair is one Character, which no "\n" matches.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
        guard lines.first == "---" else {
            throw .malformed(
                path: path, line: 1, problem: "a header must start the file, opened by a '---' line")
        }
        guard let closing = lines.dropFirst().firstIndex(of: "---") else {
            throw .malformed(path: path, line: nil, problem: "the header is never closed by a '---' line")
        }
        var fields: [Field] = []
        for index in 1..<closing {
            let line = lines[index]
            if line.trimmingWhitespace().isEmpty || line.hasPrefix("#") { continue }
            guard let (key, value) = keyAndValue(line) else {
                throw .malformed(
                    path: path, line: index + 1, problem: "expected 'key: value', found '\(line)'")
            }
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "-" }) else {
                throw .malformed(path: path, line: index + 1, problem: "'\(key)' is not a key")
            }
            if let hidden = PlainText.firstHidden(in: value, allowing: []) {
                throw .malformed(
                    path: path, line: index + 1,
                    problem:
                        "'\(key)' holds \(PlainText.name(of: hidden)): a header value is one line of plain text"
                )
            }
            let afterColon = line.drop { $0 != ":" }.dropFirst()
            let spaces = afterColon.prefix { $0 == " " }.count
            fields.append(
                Field(
                    key: key, value: value, line: index + 1,
                    indentation: value.isEmpty ? 0 : max(spaces - 1, 0)))
        }
        let body = lines[(closing + 1)...].joined(separator: "\n").trimmingWhitespace()
        if let hidden = PlainText.firstHidden(in: body, allowing: ["\n", "\t"]) {
            let line =
                closing + 2 + body.prefix { $0.unicodeScalars.first != hidden }.filter { $0 == "\n" }.count
            throw .malformed(
                path: path, line: nil,
                problem:
                    "its text holds \(PlainText.name(of: hidden)) (near line \(line)): the text is plain Markdown"
            )
        }
        return FrontMatter(fields: fields, body: body)
    }

    /// The text with the lines of its header changed by `edit` and all else as it was, for the tools
    /// that rewrite a header; nil when the text has no header. With `parse`, the one reader of headers.
    package static func editingHeader(of text: String, _ edit: (inout [String]) -> Void) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return nil }
        var header = Array(lines[1..<end])
        edit(&header)
        lines.replaceSubrange(1..<end, with: header)
        return lines.joined(separator: "\n")
    }

    /// The lines of the text's header as written; nil when it has none.
    package static func headerLines(of text: String) -> [String]? {
        var found: [String]?
        _ = editingHeader(of: text) { found = $0 }
        return found
    }

    /// A header line read as `key: value`, both trimmed; nil when it has no colon.
    package static func keyAndValue(_ line: String) -> (key: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (line[..<colon].trimmingWhitespace(), line[line.index(after: colon)...].trimmingWhitespace())
    }
}

/// Reads the fields of one header, checking that each key is known and that single keys appear once.
struct FieldReader {
    let document: FrontMatter
    let path: String
    let known: Set<String>

    init(_ document: FrontMatter, path: String, known: Set<String>) throws(StageKitError) {
        self.document = document
        self.path = path
        self.known = known
        for field in document.fields where !known.contains(field.key) {
            let list = known.sorted().joined(separator: ", ")
            throw .malformed(
                path: path, line: field.line, problem: "unknown key '\(field.key)' (known: \(list))")
        }
    }

    func all(_ key: String) -> [FrontMatter.Field] {
        document.fields.filter { $0.key == key }
    }

    func optional(_ key: String) throws(StageKitError) -> FrontMatter.Field? {
        let found = all(key)
        if found.count > 1 {
            throw .malformed(path: path, line: found[1].line, problem: "'\(key)' may appear only once")
        }
        if let field = found.first, field.value.isEmpty {
            throw .malformed(path: path, line: field.line, problem: "'\(key)' needs a value")
        }
        return found.first
    }

    /// Whether a key of two values, `unset` (the default, as when the key is missing) or `set`, says
    /// `set`. Any other value is refused, naming both and what `set` means.
    func says(_ key: String, _ set: String, otherwise unset: String, meaning: String) throws(StageKitError)
        -> Bool
    {
        guard let field = try optional(key) else { return false }
        guard [unset, set].contains(field.value) else {
            throw .malformed(
                path: path, line: field.line,
                problem: "'\(key)' is '\(unset)' or '\(set)' (\(meaning)), not '\(field.value)'")
        }
        return field.value == set
    }

    func required(_ key: String) throws(StageKitError) -> FrontMatter.Field {
        guard let field = try optional(key) else {
            throw .malformed(path: path, line: nil, problem: "the header needs a '\(key):' line")
        }
        return field
    }
}

extension StringProtocol {
    package func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
