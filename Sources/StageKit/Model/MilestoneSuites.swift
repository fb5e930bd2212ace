/// The milestones a chapter's final tests mark: a suite `@Suite("Milestone 1.2: getTopApps calls its
/// completion")` marks 1.2, and `@Suite("Milestones 3.2 to 3.5 and 4.7: …")` marks 3.2, 3.3, 3.4,
/// 3.5 and 4.7. Every milestone a step names must be marked, and the tutorial titles its sections so.
package enum MilestoneSuites {
    /// Each milestone marked in the tree's test files, with its title: "M1.2: getTopApps calls its
    /// completion".
    package static func titles(in tree: FileTree) -> [String: String] {
        var titles: [String: String] = [:]
        for (path, data) in tree.files where path.hasPrefix("Tests/") && path.hasSuffix(".swift") {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                guard let start = line.range(of: "@Suite(\"Milestone") else { continue }
                var rest = line[start.upperBound...]
                if rest.hasPrefix("s") { rest = rest.dropFirst() }
                guard rest.hasPrefix(" "), let colon = rest.range(of: ": "),
                    let end = rest[colon.upperBound...].firstIndex(of: "\"")
                else { continue }
                let title = String(rest[colon.upperBound..<end])
                for number in numbers(in: String(rest[..<colon.lowerBound].dropFirst())) {
                    titles[number] = "M\(number): \(title)"
                }
            }
        }
        return titles
    }

    /// "3.2 to 3.5 and 4.7" → 3.2, 3.3, 3.4, 3.5, 4.7; a range runs within one chapter.
    static func numbers(in list: String) -> [String] {
        var result: [String] = []
        for part in list.replacingOccurrences(of: ", ", with: " and ").components(separatedBy: " and ") {
            let ends = part.components(separatedBy: " to ")
            guard let first = ends.first.flatMap(StepID.init) else { continue }
            guard ends.count == 2, let last = StepID(ends[1]), last.chapter == first.chapter,
                last.step >= first.step
            else {
                result.append(first.description)
                continue
            }
            result += (first.step...last.step).map { StepID(chapter: first.chapter, step: $0).description }
        }
        return result
    }
}
