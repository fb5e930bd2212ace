import WorkbookModel

/// Counts the brackets that lines of Swift open and close, outside string literals (one-line,
/// multi-line and raw) and comments (line and block), carrying what it is inside from one line to the
/// next: how `run-stages --forced` finds where a declaration ends. An `#if` opens and an `#endif`
/// closes, so that a conditional block stays whole.
struct SwiftBrackets {
    private var inMultilineString = false
    private var openBlockComments = 0

    /// Whether the lines read so far end inside a multi-line string or a block comment.
    var isInsideText: Bool { inMultilineString || openBlockComments > 0 }

    /// Opening minus closing brackets of the line, read after the lines before it.
    mutating func count(_ line: String) -> Int {
        if !inMultilineString, openBlockComments == 0 {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("#if ") { return 1 }
            if trimmed.hasPrefix("#endif") { return -1 }
        }
        let characters = Array(line)
        func starts(_ text: String, at index: Int) -> Bool {
            let wanted = Array(text)
            return index + wanted.count <= characters.count
                && Array(characters[index..<(index + wanted.count)]) == wanted
        }
        var count = 0
        var index = 0
        while index < characters.count {
            if openBlockComments > 0 {
                if starts("*/", at: index) {
                    openBlockComments -= 1
                    index += 2
                } else if starts("/*", at: index) {
                    openBlockComments += 1
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            if inMultilineString {
                if starts("\"\"\"", at: index) {
                    inMultilineString = false
                    index += 3
                } else {
                    index += 1
                }
                continue
            }
            if starts("//", at: index) { break }
            if starts("/*", at: index) {
                openBlockComments += 1
                index += 2
                continue
            }
            // A raw string's hashes: `#"` … `"#`, `##"` … `"##`; a multi-line one is read as multi-line.
            var hashes = 0
            while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
            if starts("\"\"\"", at: index + hashes) {
                inMultilineString = true
                index += hashes + 3
                continue
            }
            if starts("\"", at: index + hashes) {
                index = Self.end(ofStringIn: characters, from: index + hashes + 1, hashes: hashes)
                continue
            }
            switch characters[index] {
            case "{", "(", "[": count += 1
            case "}", ")", "]": count -= 1
            default: break
            }
            index += max(1, hashes)
        }
        return count
    }

    /// Where a one-line string that starts at `start` (past its opening quote) ends: past its closing
    /// quote and hashes, or at the end of the line.
    private static func end(ofStringIn characters: [Character], from start: Int, hashes: Int) -> Int {
        var index = start
        while index < characters.count {
            if hashes == 0, characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == "\"" {
                var closing = 0
                while closing < hashes, index + 1 + closing < characters.count,
                    characters[index + 1 + closing] == "#"
                {
                    closing += 1
                }
                if closing == hashes { return index + 1 + hashes }
            }
            index += 1
        }
        return index
    }
}
