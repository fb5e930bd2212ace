import WorkbookModel

/// The names a Swift file declares that code elsewhere can call it by: its types, and their members
/// and argument labels (`struct DogUI`, `var url`, `init(url:name:)`'s `url` and `name`, `case
/// loaded(dogs:)`'s `loaded` and `dogs`), neither private nor inside a function's body. Read from the
/// text alone, comments and string literals left out: enough to see which names a step chose.
package enum SwiftMembers {
    /// The declared names, each once.
    package static func declared(in source: String) -> Set<String> {
        var scanner = Scanner(tokens: SwiftTokens.tokens(in: source))
        return scanner.run()
    }

    private static let typeKeywords: Set = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let declarationKeywords: Set = [
        "struct", "class", "enum", "actor", "protocol", "extension", "func", "init", "var", "let",
        "subscript", "deinit", "case", "typealias", "associatedtype",
    ]

    private struct Scanner {
        let tokens: [SwiftTokens.Token]
        var index = 0
        /// For each open brace, whether it opened a type's body (members) or code (a body, a closure).
        var openTypes: [Bool] = []
        /// The last declaration keyword since the last brace: what the next `{` opens.
        var lastKeyword: String?
        var names: Set<String> = []

        init(tokens: [SwiftTokens.Token]) { self.tokens = tokens }

        mutating func run() -> Set<String> {
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token.text {
                case "{":
                    openTypes.append(lastKeyword.map(SwiftMembers.typeKeywords.contains) ?? false)
                    lastKeyword = nil
                case "}":
                    _ = openTypes.popLast()
                    lastKeyword = nil
                default:
                    guard SwiftMembers.declarationKeywords.contains(token.text) else { continue }
                    // `class func`, `class var`: a modifier, not a class.
                    if token.text == "class", let next = peek, SwiftMembers.declarationKeywords.contains(next)
                    {
                        continue
                    }
                    lastKeyword = token.text
                    if openTypes.allSatisfy({ $0 }), !isPrivate(before: token) { declare(after: token) }
                }
            }
            return names
        }

        var peek: String? { index < tokens.count ? tokens[index].text : nil }

        /// Whether `private` or `fileprivate` (not `private(set)`) stands before it on its line.
        func isPrivate(before keyword: SwiftTokens.Token) -> Bool {
            var position = index - 2
            while position >= 0, tokens[position].line == keyword.line {
                let text = tokens[position].text
                let setterOnly = position + 1 < tokens.count && tokens[position + 1].text == "("
                if text == "private" || text == "fileprivate", !setterOnly { return true }
                position -= 1
            }
            return false
        }

        mutating func declare(after keyword: SwiftTokens.Token) {
            switch keyword.text {
            case "init":
                labels()
            case "func", "case":
                repeat {
                    guard let name = peek, SwiftTokens.isIdentifier(name) else { return }
                    names.insert(name)
                    index += 1
                    if keyword.text == "func" { skipGenerics() }
                    labels()
                    guard keyword.text == "case", peek == "," else { return }
                    index += 1
                } while true
            case "deinit", "extension", "subscript":
                return
            default:
                if let name = peek, SwiftTokens.isIdentifier(name) { names.insert(name) }
            }
        }

        mutating func skipGenerics() {
            guard peek == "<" else { return }
            var depth = 0
            while index < tokens.count {
                let text = tokens[index].text
                index += 1
                if text == "<" { depth += 1 }
                if text == ">" { depth -= 1 }
                if depth == 0 { return }
            }
        }

        /// The argument labels of a parameter list that starts here, if one does: of each parameter,
        /// its first name, unless `_`.
        mutating func labels() {
            while peek == "?" || peek == "!" { index += 1 }
            guard peek == "(" else { return }
            index += 1
            var depth = 1
            var atParameterStart = true
            while index < tokens.count, depth > 0 {
                let text = tokens[index].text
                index += 1
                switch text {
                case "(", "[", "<": depth += 1
                case ")", "]", ">": depth -= 1
                case "," where depth == 1: atParameterStart = true
                default:
                    if depth == 1, atParameterStart, SwiftTokens.isIdentifier(text) {
                        if text != "_" { names.insert(text) }
                        atParameterStart = false
                    } else if depth == 1, text.hasPrefix("@") {
                        continue
                    } else {
                        atParameterStart = false
                    }
                }
            }
        }
    }
}

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

extension SwiftMembers {
    /// Words Swift reserves, which no step chooses as a name.
    static func isKeyword(_ word: String) -> Bool { keywords.contains(word) }

    private static let keywords: Set = [
        "let", "var", "func", "init", "case", "enum", "struct", "class", "actor", "protocol", "extension",
        "return", "throws", "throw", "try", "await", "async", "if", "else", "guard", "switch", "for", "in",
        "while", "do", "catch", "public", "package", "internal", "private", "fileprivate", "static", "self",
        "Self", "nil", "true", "false", "some", "any", "import", "where", "typealias", "associatedtype",
        "subscript", "deinit", "nonisolated", "mutating", "override", "final", "open", "inout", "is", "as",
        "get", "set", "willSet", "didSet", "defer", "repeat", "break", "continue", "default", "fallthrough",
        "weak", "unowned", "lazy", "convenience", "required", "isolated", "sending", "consuming", "borrowing",
    ]
}
