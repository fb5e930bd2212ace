import Foundation
import WorkbookModel

/// The steps a text names: "step 5.21", "steps 3.4 and 3.5", "steps 6.2 to 6.9", a mistake's
/// "step: 5.14". Milestones are
/// written "M5.11" and are not steps; numbers that no "step" names (Swift 6.0) are left alone.
enum StepReferences {
    /// "step 5.21", "steps 3.4 and 3.5": the word, then the list of steps (its group), with a line
    /// break wherever a space may be; "6.3.1", a version, is no step.
    private static let pattern =
        #"\b[Ss]teps?:?\s+(\d+\.\d+(?!\.\d)(?:(?:,\s+|\s+and\s+|\s+or\s+|\s+to\s+|–)\d+\.\d+(?!\.\d))*)"#

    /// Each step a text names, as (chapter, step).
    static func steps(in text: String) -> [(chapter: Int, step: Int)] {
        var found: [(Int, Int)] = []
        rewrite(text) { chapter, number in
            found.append((chapter, number))
            return number
        }
        return found
    }

    /// Each chapter a text names ("chapter 6", "chapters 9 and 10", "--chapter 6", "workbook start 6"),
    /// read as a split renumbers them.
    static func chapters(in text: String) -> [Int] {
        var found: [Int] = []
        _ = SplitNumbering.replacingChapterNames(in: text) { number in
            found.append(number)
            return number
        }
        return found
    }

    /// The text with each step it names renumbered by `renumber` (given the chapter and step).
    @discardableResult
    static func rewrite(_ text: String, _ renumber: (Int, Int) -> Int) -> String {
        rewriteSteps(text) { chapter, step in (chapter, renumber(chapter, step)) }
    }

    /// The text with each step it names moved by `move` (given the chapter and step), which may give
    /// it another chapter too.
    static func rewriteSteps(_ text: String, _ move: (Int, Int) -> (chapter: Int, step: Int))
        -> String
    {
        text.replacingMatches(of: pattern) { groups, whole in
            let list = groups[0]
            return String(whole.dropLast(list.count))
                + list.replacingMatches(of: #"\d+\.\d+"#) { _, written in
                    guard let id = StepID(written) else { return written }
                    let moved = move(id.chapter, id.step)
                    return StepID(chapter: moved.chapter, step: moved.step).description
                }
        }
    }

    /// Every text of the workbook that may name steps: chapter introductions, recaps and endings, step
    /// texts, mistakes and alternatives.
    static func textFiles(of workbook: Workbook) -> [URL] {
        workbook.chapters.flatMap { chapter -> [URL] in
            let folder = workbook.root.appendingPathComponent(chapter.folderPath)
            return ["chapter.md", "recap.md", "ending.md"].map { folder.appendingPathComponent($0) }
                + chapter.steps.map { folder.appendingPathComponent("stages/\($0.folderName)/stage.md") }
                + chapter.mistakes.map { workbook.root.appendingPathComponent($0.path) }
                + chapter.alternatives.map { workbook.root.appendingPathComponent($0.path) }
        }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
