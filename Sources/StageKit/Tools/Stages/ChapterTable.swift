import Foundation

/// The table of chapters in the workbook's README, made from `Chapters/` so that it cannot go stale:
/// `Scripts/render-chapters` writes it between its two markers, and the walk checks it.
enum ChapterTable {
    static let begin =
        "<!-- The chapters: made by Scripts/render-chapters from Chapters/; edit those, not this table. -->"
    static let end = "<!-- End of the chapters. -->"

    static func table(_ workbook: Workbook) -> [String] {
        ["| # | Chapter | Track | Module | Steps |", "|---|---------|-------|--------|-------|"]
            + workbook.chapters.map { chapter in
                "| \(chapter.number) | [\(chapter.title)](Chapters/\(chapter.folderName)/README.md)"
                    + " | \(chapter.track ?? "") | `\(chapter.module)` | \(chapter.stages.count) |"
            }
    }

    /// The README with the table between its markers made anew; nil when it has no markers.
    static func updating(_ readme: String, from workbook: Workbook) -> String? {
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: begin),
            let last = lines[first...].firstIndex(of: end)
        else { return nil }
        lines.replaceSubrange((first + 1)..<last, with: table(workbook))
        return lines.joined(separator: "\n")
    }

    /// What is wrong with the README's table, if anything; a workbook without a README has none.
    static func problem(in workbook: Workbook) -> ChainProblem? {
        let url = workbook.root.appendingPathComponent("README.md")
        guard let readme = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        guard let updated = updating(readme, from: workbook) else {
            return ChainProblem(
                subject: "README.md", problem: "it has no table of chapters between the markers render writes"
            )
        }
        guard updated == readme else {
            return ChainProblem(
                subject: "README.md", problem: "its table of chapters is stale: run Scripts/render-chapters")
        }
        return nil
    }
}
