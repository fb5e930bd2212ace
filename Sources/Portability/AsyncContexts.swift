/// Reads a file's code (``SwiftLines/code``) line after line and tells, for each character, whether it
/// sits in an asynchronous context: the body of a `func` or `init` declared `async`, or the closure given
/// to `Task`, `Task.detached` or `Task.immediate`. A nested `func` or `init` that is not `async` is
/// synchronous, and so is the closure given to `Thread`, `Thread.detachNewThread` or a dispatch queue's
/// `async`, `sync` or `asyncAfter`; any other closure is taken to be what its surroundings are.
struct AsyncContexts {
    /// For each `{` still open, whether what it opens is asynchronous.
    private var open: [Bool] = []
    /// The `func` or `init` declaration being read, outside its parentheses, until its body's `{`.
    private var declaration: String?
    /// How deep in the declaration's parentheses the reading is.
    private var parentheses = 0

    /// How a declaration's line may go on to the next line before its body opens.
    static let continuations = [")", "->", "async", "throws", "rethrows", "where", "{"]

    /// Whether each character of `line`, the next line of the file, sits in an asynchronous context.
    mutating func read(_ line: String) -> [Bool] {
        let characters = Array(line)
        let trimmed = line.drop(while: { $0 == " " })
        // A declaration with no body (a protocol's requirement) ends at its line.
        if declaration != nil, parentheses == 0, !trimmed.isEmpty,
            !Self.continuations.contains(where: { trimmed.hasPrefix($0) })
        {
            declaration = nil
        }
        declaration?.append(" ")
        var isAsync: [Bool] = []
        for (index, character) in characters.enumerated() {
            if declaration == nil, Self.declares(characters, at: index) {
                declaration = ""
                parentheses = 0
            }
            switch character {
            case "{":
                if let declared = declaration, parentheses == 0 {
                    open.append(Self.isAsync(declared))
                    declaration = nil
                } else {
                    let before = Self.callee(characters[..<index])
                    open.append(
                        Self.opensTask(before) ? true : Self.opensThread(before) ? false : open.last ?? false)
                }
            case "}":
                _ = open.popLast()
            case "(" where declaration != nil:
                parentheses += 1
            case ")" where declaration != nil:
                parentheses -= 1
            default:
                if parentheses == 0 { declaration?.append(character) }
            }
            isAsync.append(open.last ?? false)
        }
        return isAsync
    }

    /// Whether a `func` or an `init` is declared at `index`.
    static func declares(_ line: [Character], at index: Int) -> Bool {
        if index > 0, UnavailableFromAsync.isIdentifier(line[index - 1]) || line[index - 1] == "." {
            return false
        }
        let rest = line[index...]
        return rest.starts(with: "func ") || rest.starts(with: "init(") || rest.starts(with: "init<")
            || rest.starts(with: "init?(")
    }

    /// Whether a declaration, read outside its parentheses, is `async` (before its `->`, if any).
    static func isAsync(_ declaration: String) -> Bool {
        let effects = declaration.components(separatedBy: "->").first ?? declaration
        return PortabilityCheck.words(effects).contains("async")
    }

    /// What the `{` at the end of `text` is given to: the text without trailing spaces, the arguments in
    /// parentheses just before the brace, or a generic argument list.
    static func callee(_ text: ArraySlice<Character>) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        if text.last == ")" {
            var depth = 0
            while let last = text.popLast() {
                if last == ")" { depth += 1 }
                if last == "(" { depth -= 1 }
                if depth == 0 { break }
            }
        }
        if text.last == ">", let open = text.lastIndex(of: "<") { text = text[..<open] }
        return String(text)
    }

    static func opensTask(_ callee: String) -> Bool {
        ["Task", "Task.detached", "Task.immediate"].contains { ends(callee, with: $0) }
    }

    static func opensThread(_ callee: String) -> Bool {
        ["Thread", "Thread.detachNewThread", ".async", ".sync", ".asyncAfter"].contains {
            ends(callee, with: $0)
        }
    }

    /// Whether `text` ends with `name`, a whole name: nothing of an identifier just before it.
    static func ends(_ text: String, with name: String) -> Bool {
        guard text.hasSuffix(name) else { return false }
        if name.hasPrefix(".") { return true }
        let before = text.dropLast(name.count).last
        return before.map { !UnavailableFromAsync.isIdentifier($0) } ?? true
    }
}
