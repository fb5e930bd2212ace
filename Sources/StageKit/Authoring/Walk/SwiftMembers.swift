import WorkbookModel

/// The names a Swift file declares that code elsewhere can call it by: its types, and their members
/// and argument labels (`struct DogUI`, `var url`, `init(url:name:)`'s `url` and `name`, `case
/// loaded(dogs:)`'s `loaded` and `dogs`), neither private nor inside a function's body. Read from the
/// text alone, comments and string literals left out: enough to see which names a step chose.
package enum SwiftMembers {
    /// A declared name, and the type (or extension) it is declared in, by its path ("ImageClient.State"):
    /// nil for a type at the top level.
    package struct Member: Hashable, Sendable {
        package var owner: String?
        package var name: String
        /// Whether it names a type (a struct, class, enum, actor or protocol).
        package var isType = false
        /// Whether it is a protocol's requirement, which the types that conform declare again.
        package var isRequirement = false

        /// "DogService.loadDogs", or "DogUI".
        package var qualified: String { owner.map { "\($0).\(name)" } ?? name }
    }

    /// The declared names, each once.
    package static func declared(in source: String) -> Set<String> {
        Set(members(in: source).map(\.name))
    }

    /// The declared names with the types they are declared in.
    package static func members(in source: String) -> Set<Member> {
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
        /// For each open brace, the path of the type whose body it opened, whether that type is a
        /// protocol, and whether it is private; nil for code (a body, a closure).
        var openTypes: [(path: String, isProtocol: Bool, isPrivate: Bool)?] = []
        /// The last declaration keyword since the last brace: what the next `{` opens.
        var lastKeyword: String?
        /// The type the last type keyword declared or extended: whose body the next `{` opens.
        var lastType: String?
        var lastTypeIsPrivate = false
        var names: Set<Member> = []

        /// The type whose members are declared here: nil at the top level.
        var owner: String? { openTypes.last??.path }

        init(tokens: [SwiftTokens.Token]) { self.tokens = tokens }

        mutating func run() -> Set<Member> {
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token.text {
                case "{":
                    openTypes.append(opened())
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
                    let isPrivate = isPrivate(before: token)
                    if SwiftMembers.typeKeywords.contains(token.text) {
                        lastType = typeName()
                        lastTypeIsPrivate = isPrivate
                    }
                    // A member of a code block, or of a private type, is no name code elsewhere calls.
                    if openTypes.allSatisfy({ $0.map { !$0.isPrivate } ?? false }), !isPrivate {
                        declare(after: token)
                    }
                }
            }
            return names
        }

        var peek: String? { index < tokens.count ? tokens[index].text : nil }

        mutating func insert(_ name: String, isType: Bool = false) {
            let isRequirement = openTypes.last??.isProtocol ?? false
            names.insert(Member(owner: owner, name: name, isType: isType, isRequirement: isRequirement))
        }

        /// What a `{` opens: the body of the type the last keyword declared or extended, or code.
        func opened() -> (path: String, isProtocol: Bool, isPrivate: Bool)? {
            guard let keyword = lastKeyword, SwiftMembers.typeKeywords.contains(keyword) else { return nil }
            let name = lastType ?? ""
            let path = keyword == "extension" ? name : owner.map { "\($0).\(name)" } ?? name
            return (path, keyword == "protocol", lastTypeIsPrivate)
        }

        /// The name after a type keyword: "DogUI", or of `extension DogsViewModel.Status`, the path.
        func typeName() -> String? {
            var position = index
            var parts: [String] = []
            while position < tokens.count, SwiftTokens.isIdentifier(tokens[position].text) {
                parts.append(tokens[position].text)
                guard position + 2 < tokens.count, tokens[position + 1].text == "." else { break }
                position += 2
            }
            return parts.isEmpty ? nil : parts.joined(separator: ".")
        }

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
                    insert(name)
                    index += 1
                    if keyword.text == "func" { skipGenerics() }
                    labels()
                    guard keyword.text == "case", peek == "," else { return }
                    index += 1
                } while true
            case "deinit", "extension", "subscript":
                return
            default:
                let isType = SwiftMembers.typeKeywords.contains(keyword.text)
                if let name = peek, SwiftTokens.isIdentifier(name) { insert(name, isType: isType) }
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
                        if text != "_" { insert(text) }
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
