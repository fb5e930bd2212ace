/// A Swift file's lines as code: comments and the contents of string literals blanked, so that a rule
/// never fires on words in prose or in a string.
package struct SwiftLines {
    /// One entry per line of the file, trailing spaces trimmed.
    package var code: [String]

    package init(_ text: String) {
        var code: [String] = []
        var inBlockComment = false
        var inMultilineString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var characters = Array(line)
            if characters.last == "\r" { characters.removeLast() }
            var index = 0
            var inString = false
            func at(_ offset: Int, _ text: String) -> Bool {
                let wanted = Array(text)
                return index + offset + wanted.count <= characters.count
                    && Array(characters[(index + offset)..<(index + offset + wanted.count)]) == wanted
            }
            while index < characters.count {
                if inBlockComment {
                    inBlockComment = !at(0, "*/")
                    index += inBlockComment ? 1 : 2
                } else if inMultilineString {
                    inMultilineString = !at(0, "\"\"\"")
                    if !inMultilineString { kept += "\"\"\"" }
                    index += inMultilineString ? 1 : 3
                } else if inString {
                    if characters[index] == "\"" {
                        inString = false
                        kept += "\""
                    }
                    index += characters[index] == "\\" ? 2 : 1
                } else if at(0, "//") {
                    break
                } else if at(0, "/*") {
                    inBlockComment = true
                    index += 2
                } else if at(0, "\"\"\"") {
                    inMultilineString = true
                    kept += "\"\"\""
                    index += 3
                } else {
                    if characters[index] == "\"" { inString = true }
                    kept.append(characters[index])
                    index += 1
                }
            }
            while kept.last == " " { kept.removeLast() }
            code.append(kept)
        }
        self.code = code
    }

    /// The modules whose presence tells one platform from another.
    static let platformModules = ["Glibc", "Darwin", "Musl", "Bionic", "Android", "WinSDK", "WASILibc"]

    /// The lines (0-based) of `#if` blocks that test the platform and do more than choose what to import.
    func platformBranchesBeyondImports() -> [Int] {
        var found: [Int] = []
        // Each open `#if`: its line, whether any of its conditions names a platform, and whether every
        // line of code inside it is an import.
        var open: [(line: Int, platform: Bool, importsOnly: Bool)] = []
        for (index, line) in code.enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("#if ") || trimmed.hasPrefix("#elseif ") {
                if trimmed.hasPrefix("#if ") { open.append((index, false, true)) }
                if Self.namesPlatform(String(trimmed)), !open.isEmpty { open[open.count - 1].platform = true }
            } else if trimmed.hasPrefix("#else") {
                continue
            } else if trimmed.hasPrefix("#endif") {
                guard let block = open.popLast() else { continue }
                if block.platform, !block.importsOnly { found.append(block.line) }
                if !block.importsOnly, !open.isEmpty { open[open.count - 1].importsOnly = false }
            } else if !trimmed.isEmpty, !open.isEmpty {
                let isImport = trimmed.hasPrefix("import ") || trimmed.hasPrefix("@preconcurrency import ")
                if !isImport { open[open.count - 1].importsOnly = false }
            }
        }
        return found
    }

    static func namesPlatform(_ condition: String) -> Bool {
        if condition.contains("os(") || condition.contains("targetEnvironment(")
            || condition.contains("arch(")
        {
            return true
        }
        return platformModules.contains { condition.contains("canImport(\($0))") }
    }
}
