import Foundation
import WorkbookModel

/// The table of chapters in the workbook's README, made from `Chapters/` so that it cannot go stale:
/// `Scripts/render-chapters` writes it between its two markers, and the walk checks it.
package enum ChapterTable {
    package static let begin =
        "<!-- The chapters: made by Scripts/render-chapters from Chapters/; edit those, not this table. -->"
    package static let end = "<!-- End of the chapters. -->"

    package static func table(_ workbook: Workbook) -> [String] {
        [
            "| # | Chapter | Track | Depth | Module | Steps |",
            "|---|---------|-------|-------|--------|-------|",
        ]
            + workbook.chapters.map { chapter in
                "| \(chapter.number) | [\(chapter.title)](\(chapter.readmePath))"
                    + " | \(chapter.track ?? "") | \(chapter.depthName) | `\(chapter.module)`"
                    + " | \(chapter.steps.count) |"
            }
    }
}
