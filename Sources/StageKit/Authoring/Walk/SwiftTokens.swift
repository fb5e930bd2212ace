import WorkbookModel

/// Swift text as identifiers and single marks, each with its line, comments and string literals left
/// out (a string's interpolations too: a name used only there is rare in a test's new lines).
package enum SwiftTokens {
    package struct Token: Equatable {
        package var text: String
        package var line: Int
    }

    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return (first.isLetter || first == "_") && !SwiftMembers.isKeyword(text)
    }

    /// The identifiers of a text of code, comments and strings left out.
    package static func identifiers(in source: String) -> Set<String> {
        Set(tokens(in: source).map(\.text).filter(isIdentifier))
    }

    package static func tokens(in source: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(source)
        var index = 0
        var line = 1
        func starts(_ text: String) -> Bool {
            let wanted = Array(text)
            return index + wanted.count <= characters.count
                && Array(characters[index..<(index + wanted.count)]) == wanted
        }
        func skip(until end: String) {
            while index < characters.count, !starts(end) {
                if characters[index] == "\n" { line += 1 }
                if characters[index] == "\\" { index += 1 }
                index += 1
            }
            index += end.count
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if starts("//") {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if starts("/*") {
                index += 2
                skip(until: "*/")
            } else if starts("\"\"\"") {
                index += 3
                skip(until: "\"\"\"")
            } else if character == "\"" {
                index += 1
                skip(until: "\"")
            } else if character.isLetter || character == "_" || character == "@" || character == "`" {
                var word = String(character == "`" ? "" : String(character))
                index += 1
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    word.append(characters[index])
                    index += 1
                }
                if character == "`", index < characters.count, characters[index] == "`" { index += 1 }
                tokens.append(Token(text: word, line: line))
            } else if character.isWhitespace || character.isNumber {
                index += 1
            } else {
                tokens.append(Token(text: String(character), line: line))
                index += 1
            }
        }
        return tokens
    }
}
