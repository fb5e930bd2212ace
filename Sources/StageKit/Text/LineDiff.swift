/// Line-by-line differences between two texts, as a unified diff: `workbook diff` prints them, and
/// the chapter texts show each step's change to a file this way.
package enum LineDiff {
    package enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)

        var isChange: Bool {
            if case .same = self { return false }
            return true
        }
    }

    /// Every line of both texts, in order, each kept, removed or added: a longest common
    /// subsequence, by dynamic programming (the files it is given are at most a few hundred lines).
    package static func lines(old: String, new: String) -> [Line] {
        let a = split(old)
        let b = split(new)
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                result.append(.removed(a[i]))
                i += 1
            } else {
                result.append(.added(b[j]))
                j += 1
            }
        }
        return result
    }

    /// The changed regions, each with `context` unchanged lines around it and a `@@ -a,b +c,d @@`
    /// header, as `git diff` shows them; no lines when the texts are equal.
    static func hunks(old: String, new: String, context: Int = 3) -> [String] {
        let all = lines(old: old, new: new)
        var output: [String] = []
        var start = 0
        while let firstChange = all[start...].firstIndex(where: \.isChange) {
            var end = firstChange
            // A hunk runs on while the next change is near enough for the contexts to meet.
            while let next = all[(end + 1)...].firstIndex(where: \.isChange), next - end <= 2 * context + 1 {
                end = next
            }
            let from = max(firstChange - context, start)
            let to = min(end + context, all.count - 1)
            output.append(header(for: all, from: from, to: to))
            output += all[from...to].map { line in
                switch line {
                case .same(let text): " " + text
                case .removed(let text): "-" + text
                case .added(let text): "+" + text
                }
            }
            start = to + 1
            if start >= all.count { break }
        }
        return output
    }

    /// A unified diff of one file, with its `---`/`+++` header; a new file is shown against /dev/null.
    package static func unified(old: String, new: String, path: String) -> String {
        ([
            "--- \(old.isEmpty ? "/dev/null" : "a/" + path)",
            "+++ \(new.isEmpty ? "/dev/null" : "b/" + path)",
        ] + hunks(old: old, new: new)).joined(separator: "\n")
    }

    private static func header(for all: [Line], from: Int, to: Int) -> String {
        let before = all[..<from]
        let oldStart = before.filter { if case .added = $0 { false } else { true } }.count + 1
        let newStart = before.filter { if case .removed = $0 { false } else { true } }.count + 1
        let hunk = all[from...to]
        let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
        let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
        return "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount)"
            + " +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@"
    }

    /// The lines of a text; a final newline ends the last line rather than starting an empty one.
    private static func split(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
