/// The calls that Apple's SDK marks unavailable from asynchronous contexts and Linux's does not:
/// `DispatchSemaphore.wait` and `DispatchGroup.wait` (`@_unavailableFromAsync` in the SDK's
/// `Dispatch.swiftinterface`) and `Thread.isMainThread` (`NS_SWIFT_UNAVAILABLE_FROM_ASYNC` in its
/// `NSThread.h`). Swift 6 refuses them in an `async` function or a `Task`'s closure on a Mac only.
enum UnavailableFromAsync {
    /// The lines (0-based) where such a call sits in the body of an `async` function or a `Task`'s
    /// closure. A semaphore or group is known by its declaration in the same file
    /// (`let done = DispatchSemaphore(value: 0)`, `var group: DispatchGroup`) or made on the spot.
    static func lines(in code: [String]) -> [Int] {
        let waiters = waiterNames(code)
        var contexts = AsyncContexts()
        var found: [Int] = []
        for (index, line) in code.enumerated() {
            let isAsync = contexts.read(line)
            if calls(in: Array(line), waiters: waiters).contains(where: { isAsync[$0] }) {
                found.append(index)
            }
        }
        return found
    }

    static let waiterTypes: Set<String> = ["DispatchSemaphore", "DispatchGroup"]

    /// The names declared in `code` as a semaphore or a group.
    static func waiterNames(_ code: [String]) -> Set<String> {
        var names: Set<String> = []
        for line in code {
            let tokens = PortabilityCheck.words(line)
            guard let keyword = tokens.firstIndex(where: { $0 == "let" || $0 == "var" }),
                keyword + 2 < tokens.count
            else { continue }
            let type =
                tokens[keyword + 2] == "Dispatch" ? tokens.dropFirst(keyword + 3).first : tokens[keyword + 2]
            if let type, waiterTypes.contains(type) { names.insert(tokens[keyword + 1]) }
        }
        return names
    }

    /// Where, in `line`, each call this rule refuses starts.
    static func calls(in line: [Character], waiters: Set<String>) -> [Int] {
        var starts: [Int] = []
        for start in line.indices where start == 0 || !isIdentifier(line[start - 1]) {
            let rest = line[start...]
            if rest.starts(with: "Thread.isMainThread") {
                starts.append(start)
            } else if waiters.contains(where: { rest.starts(with: "\($0).wait(") }) {
                starts.append(start)
            } else if waiterTypes.contains(where: { rest.starts(with: "\($0)(") }),
                let open = rest.firstIndex(of: "("), let close = closing(line, open),
                line[(close + 1)...].starts(with: ".wait(")
            {
                starts.append(start)
            }
        }
        return starts
    }

    /// The index of the `)` that closes the `(` at `open`, if it is on the line.
    static func closing(_ line: [Character], _ open: Int) -> Int? {
        var depth = 0
        for index in open..<line.count {
            if line[index] == "(" { depth += 1 }
            if line[index] == ")" { depth -= 1 }
            if depth == 0 { return index }
        }
        return nil
    }

    static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
