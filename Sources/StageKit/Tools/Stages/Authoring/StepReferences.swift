import Foundation

/// The steps a text names: "step 5.21", "steps 3.4 and 3.5", "steps 6.2 to 6.9", a mistake's
/// "step: 5.14". Milestones are
/// written "M5.11" and are not steps; numbers that no "step" names (Swift 6.0) are left alone.
enum StepReferences {
    /// Made at each use: a shared `NSRegularExpression` is a static of a type whose Sendable
    /// conformance differs between platforms (PORTABILITY.md).
    private static var pattern: NSRegularExpression? {
        try? NSRegularExpression(pattern: #"\b[Ss]teps?:? (\d+\.\d+(?:(?:, | and | or | to |–)\d+\.\d+)*)"#)
    }
    private static var step: NSRegularExpression? { try? NSRegularExpression(pattern: #"(\d+)\.(\d+)"#) }

    /// Each step a text names, as (chapter, step).
    static func steps(in text: String) -> [(chapter: Int, step: Int)] {
        var found: [(Int, Int)] = []
        rewrite(text) { chapter, number in
            found.append((chapter, number))
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
    static func rewriteSteps(_ text: String, _ move: (Int, Int) -> (chapter: Int, step: Int)) -> String {
        guard let pattern, let step else { return text }
        let whole = text as NSString
        var result = ""
        var last = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
            let list = match.range(at: 1)
            result += whole.substring(with: NSRange(location: last, length: list.location - last))
            let listText = whole.substring(with: list) as NSString
            var inner = 0
            for number in step.matches(
                in: listText as String, range: NSRange(location: 0, length: listText.length))
            {
                result += listText.substring(
                    with: NSRange(location: inner, length: number.range.location - inner))
                let chapter = Int(listText.substring(with: number.range(at: 1))) ?? 0
                let stage = Int(listText.substring(with: number.range(at: 2))) ?? 0
                let moved = move(chapter, stage)
                result += "\(moved.chapter).\(moved.step)"
                inner = number.range.location + number.range.length
            }
            result += listText.substring(from: inner)
            last = list.location + list.length
        }
        return result + whole.substring(from: last)
    }

    /// Every text of the workbook that may name steps: chapter introductions, recaps and endings, stage
    /// texts, mistakes.
    static func textFiles(of workbook: Workbook) -> [URL] {
        workbook.chapters.flatMap { chapter -> [URL] in
            let folder = workbook.root.appendingPathComponent("Chapters/\(chapter.folderName)")
            return ["chapter.md", "recap.md", "ending.md"].map { folder.appendingPathComponent($0) }
                + chapter.stages.map { folder.appendingPathComponent("stages/\($0.folderName)/stage.md") }
                + chapter.mistakes.map { workbook.root.appendingPathComponent($0.path) }
        }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
