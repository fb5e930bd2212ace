import Foundation
import WorkbookModel

/// The page of other correct ways (Chapters/OTHER-CORRECT-WAYS.md): every alternative the replays prove
/// a check accepts, by chapter and step, with why a learner writes it and the edit, for a helper in a
/// room who sees code unlike the workbook's. `Scripts/render-chapters` writes it between its two
/// markers, and the walk checks it.
package enum OtherCorrectWays {
    package static let path = "Chapters/OTHER-CORRECT-WAYS.md"
    package static let begin =
        "<!-- The other correct ways: made by Scripts/render-chapters from Chapters/*/alternatives/; edit those. -->"
    package static let end = "<!-- End of the other correct ways. -->"

    package static func lines(_ workbook: Workbook) -> [String] {
        var out: [String] = []
        for chapter in workbook.chapters where !chapter.alternatives.isEmpty {
            out += ["", "### Chapter \(chapter.number): \(chapter.title)"]
            let ordered = chapter.alternatives.sorted { first, second in
                (StepID(first.step)?.step ?? 0, first.path) < (StepID(second.step)?.step ?? 0, second.path)
            }
            for alternative in ordered {
                let why = alternative.text.split(separator: "\n").joined(separator: " ")
                out += ["", "**Step \(alternative.step): \(alternative.title.lowercasedFirst).** \(why)"]
                for edit in alternative.edits { out += lines(of: edit) }
            }
        }
        return out + [""]
    }

    /// One edit as a diff of its file.
    static func lines(of edit: FileEdit) -> [String] {
        let removed = edit.replace.split(separator: "\n", omittingEmptySubsequences: false).map { "- \($0)" }
        let added = edit.with.split(separator: "\n", omittingEmptySubsequences: false).map { "+ \($0)" }
        return ["", "In `\(edit.file)`:", "", "```diff"] + removed + added + ["```"]
    }
}
