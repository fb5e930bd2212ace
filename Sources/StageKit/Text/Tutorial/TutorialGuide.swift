import Foundation
import WorkbookModel

/// The facilitator's guide (`FACILITATOR.md`) as a page of the tutorial site: a DocC tutorial article
/// that the table of contents lists in a chapter of its own, after the tracks. Its text is the guide's,
/// with the markers of its generated plan left out and its links to the repository's files written as
/// their paths, since the site does not hold those files.
enum TutorialGuide {
    static let path = "FACILITATOR.md"
    /// The article's name in the catalog, which the table of contents refers to.
    static let name = "FacilitatorsGuide"

    /// The article, or nil when the workbook has no guide.
    static func article(_ workbook: Workbook) -> String? {
        guard
            let text = try? String(
                contentsOf: workbook.root.appendingPathComponent(path), encoding: .utf8)
        else { return nil }
        var lines = text.components(separatedBy: "\n")
        let title = lines.first.map { String($0.drop { $0 == "#" || $0 == " " }) } ?? "A facilitator's guide"
        lines = Array(lines.dropFirst()).filter { !$0.hasPrefix("<!--") }
        let minutes = max(
            1,
            Int(
                Double(ChapterBudget.words(in: lines.joined(separator: " ")))
                    / ChapterBudget.Pace.wordsPerMinute))
        return
            (["@Article(time: \(minutes)) {", "    @Intro(title: \"\(TutorialChapter.argument(title))\") {"]
            + TutorialChapter.indented(
                "How to prepare a room, how long each chapter takes, where each slot of a day ends, and what"
                    + " to say to the mistakes the room will make.", by: 8)
            + ["    }", ""]
            + TutorialChapter.indented(unlinked(lines.joined(separator: "\n")), by: 4)
            + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The table of contents' chapter that lists the guide.
    static let tableOfContentsChapter = [
        "    @Chapter(name: \"For facilitators\") {",
        "        How to run a room through the workbook: preparation, timings, slots and the mistakes to expect.",
        "        @Image(source: \"guide.svg\", alt: \"The facilitator's guide\")",
        "        @TutorialReference(tutorial: \"doc:\(name)\")",
        "    }",
    ]

    /// `[text](target)` as `text` (`target`) when the target is a file of the repository, not a web
    /// address: the site holds the chapters' pages, not the repository's files.
    static func unlinked(_ text: String) -> String {
        text.replacingMatches(of: #"\[([^\]]+)\]\(([^)\s]+)\)"#) { groups, whole in
            let (label, target) = (groups[0], groups[1])
            if target.contains(":") { return whole }  // a web address, or mail
            if target.hasPrefix("#") { return label }  // a heading of the guide itself, which the page shows
            let path = String(target.prefix { $0 != "#" })
            return label.hasPrefix("`") || label == path ? label : "\(label) (`\(path)`)"
        }
    }
}
