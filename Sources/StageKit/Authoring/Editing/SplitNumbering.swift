import Foundation

/// What a cut of chapter `chapter` after step `step` does to every number and module name: the later
/// chapters move up one, the steps after the cut become the new chapter's (numbered from 1), and so do
/// the milestones after the cut's. `stages split` rewrites every text of the workbook with it.
struct SplitNumbering: Equatable {
    /// The chapter cut, the last step that stays in it, and the last of its milestones that stays (the
    /// ones past it are the new chapter's, numbered from 1).
    let chapter: Int
    let step: Int
    let milestone: Int
    /// Old module name to new, for the chapters that move up: "Chapter06NetworkClient" to
    /// "Chapter07NetworkClient".
    let movedModules: [String: String]
    /// The cut chapter's module, and the new chapter's, which continues it and ends where it ended.
    let cutModule: String
    let newModule: String
    /// How many chapters there are before the cut: a number past it ("M277.41" in a drawing) is no
    /// chapter's and is left alone.
    let chapterCount: Int

    func chapterNumber(_ number: Int) -> Int {
        number > chapter && number <= chapterCount ? number + 1 : number
    }

    func stepNumber(_ number: Int, of chapterNumber: Int) -> (chapter: Int, step: Int) {
        if chapterNumber == chapter, number > step { return (chapter + 1, number - step) }
        return (self.chapterNumber(chapterNumber), number)
    }

    func milestoneNumber(_ number: Int, of chapterNumber: Int) -> (chapter: Int, milestone: Int) {
        if chapterNumber == chapter, number > milestone { return (chapter + 1, number - milestone) }
        return (self.chapterNumber(chapterNumber), number)
    }

    /// The text with its steps, milestones, chapter numbers and module names renumbered. `endsHere`
    /// says whether the cut chapter's module means the new chapter in this text: true in the new
    /// chapter's own files and outside the chapters (a demo uses the chapter's last code), false in
    /// the cut chapter's first half.
    func rewrite(_ text: String, cutModuleMeansNewChapter endsHere: Bool) -> String {
        var result = StepReferences.rewriteSteps(text) { stepNumber($1, of: $0) }
        result = Self.replacing(#"\bMilestone (\d+)\.(\d+)\b"#, in: result) { groups, _ in
            let (chapterNumber, milestone) = milestoneNumber(groups[1], of: groups[0])
            return "Milestone \(chapterNumber).\(milestone)"
        }
        result = Self.replacing(#"\bMilestone(\d+)_(\d+)\b"#, in: result) { groups, _ in
            let (chapterNumber, milestone) = milestoneNumber(groups[1], of: groups[0])
            return "Milestone\(chapterNumber)_\(milestone)"
        }
        result = Self.replacing(#"(?<![\w.])M(\d+)\.(\d+)\b"#, in: result) { groups, _ in
            let (chapterNumber, milestone) = milestoneNumber(groups[1], of: groups[0])
            return "M\(chapterNumber).\(milestone)"
        }
        result = Self.replacing(#"(?m)^milestone: (\d+)\.(\d+)$"#, in: result) { groups, _ in
            let (chapterNumber, milestone) = milestoneNumber(groups[1], of: groups[0])
            return "milestone: \(chapterNumber).\(milestone)"
        }
        // A chapter continuing the cut one continues its second half, which ends where it ended.
        result = Self.replacing(#"(?m)^continues: (\d+)$"#, in: result) { groups, _ in
            "continues: \(groups[0] == chapter ? chapter + 1 : chapterNumber(groups[0]))"
        }
        result = Self.replacingChapterNames(in: result) { chapterNumber($0) }
        for (old, new) in movedModules.sorted(by: { $0.key > $1.key }) {
            result = result.replacingIdentifier(old + "Tests", with: new + "Tests")
                .replacingIdentifier(old, with: new)
        }
        if endsHere {
            result = result.replacingIdentifier(cutModule + "Tests", with: newModule + "Tests")
                .replacingIdentifier(cutModule, with: newModule)
        }
        return result
    }

    /// "chapter 6", "Chapters 5 and 6", "chapters 5, 6 and 7", "--chapter 6", "workbook start 6", each
    /// number renumbered, with a line break wherever a space may be; a comma goes on a list only when
    /// "and", "or", "to" or "–" ends it, so that "In chapter 4, 6 tests fail" keeps its 6.
    static func replacingChapterNames(in text: String, _ renumber: (Int) -> Int) -> String {
        let list = #"\d+(?:(?:,\s+\d+)*(?:\s+and\s+|\s+or\s+|\s+to\s+|–)\d+)?\b"#
        return replacing(#"\b(?:[Cc]hapters?|--chapter|workbook start)\s+"# + list, in: text) { _, whole in
            replacing(#"\d+"#, in: whole) { _, number in "\(renumber(Int(number) ?? 0))" }
        }
    }

    /// `text` with each match of `pattern` replaced by `replacement(its groups as numbers, the match)`.
    static func replacing(
        _ pattern: String, in text: String, _ replacement: ([Int], String) -> String
    )
        -> String
    {
        text.replacingMatches(of: pattern) { groups, whole in
            replacement(groups.compactMap { Int($0) }, whole)
        }
    }
}
