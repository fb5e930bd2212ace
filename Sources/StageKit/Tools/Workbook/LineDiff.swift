/// A unified diff of two texts, line by line, for `workbook diff`.
enum LineDiff {
    static func unified(old: String, new: String, path: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence, by dynamic programming: files here are short.
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] =
                    a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines = [
            "--- \(old.isEmpty ? "/dev/null" : "a/" + path)",
            "+++ \(new.isEmpty ? "/dev/null" : "b/" + path)",
        ]
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append("  " + a[i])
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append("- " + a[i])
                i += 1
            } else {
                lines.append("+ " + b[j])
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
