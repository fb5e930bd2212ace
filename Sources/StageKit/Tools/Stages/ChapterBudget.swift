import Foundation

/// What a chapter asks of a learner: its steps, the words they read, the lines they type, and the
/// minutes that takes by the workbook's estimate, which Chapters/README.md documents ("How long a
/// chapter takes"). It replaces the tutorial site's flat three minutes a step.
struct ChapterBudget: Equatable {
    /// A learner's pace, by the model's three terms.
    enum Pace {
        /// Technical prose with code in it, read to be understood.
        static let wordsPerMinute = 150.0
        /// A line of code typed from the text, and read as it is typed.
        static let minutesPerTypedLine = 0.25
        /// A check: its build and tests, reading what it shows, and the move to the next step.
        static let minutesPerCheck = 1.5
    }

    struct Step: Equatable {
        var id: String
        var words: Int
        var typedLines: Int
    }

    var chapter: Int
    var title: String
    var steps: [Step]
    /// The chapter's own text around its steps: its introduction and recap.
    var frameWords: Int

    var words: Int { frameWords + steps.reduce(0) { $0 + $1.words } }
    var typedLines: Int { steps.reduce(0) { $0 + $1.typedLines } }

    /// Reading, typing and one check per step, rounded up to the minute.
    var minutes: Int {
        Int((Double(frameWords) / Pace.wordsPerMinute + steps.map(Self.minutes).reduce(0, +)).rounded(.up))
    }

    /// One step's reading, typing and check, in minutes.
    static func minutes(of step: Step) -> Double {
        Double(step.words) / Pace.wordsPerMinute + Double(step.typedLines) * Pace.minutesPerTypedLine
            + Pace.minutesPerCheck
    }

    init(_ chapter: Chapter, of workbook: Workbook) {
        self.chapter = chapter.number
        title = chapter.title
        frameWords = Self.words(in: chapter.intro) + Self.words(in: chapter.recap ?? "")
        steps = chapter.stages.map { stage in
            let before = workbook.tree(before: stage, in: chapter)
            // Given files are written for the learner: not typed.
            let typed = stage.changes.paths.filter { $0.hasSuffix(".swift") && !stage.given.contains($0) }
                .reduce(0) { count, path in
                    let old = before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
                    let new = String(decoding: stage.changes.files[path] ?? Data(), as: UTF8.self)
                    return count
                        + LineDiff.lines(old: old, new: new).filter { line in
                            guard case .added(let text) = line else { return false }
                            return !text.trimmingWhitespace().isEmpty
                        }.count
                }
            return Step(
                id: stage.id, words: Self.words(in: ([stage.text] + stage.hints).joined(separator: "\n")),
                typedLines: typed)
        }
    }

    /// Words as a reader counts them: runs of letters or digits, code included.
    static func words(in text: String) -> Int {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).count
    }

    /// "5  Async view model  35 steps  10155 words  412 lines typed  about 250 minutes".
    var line: String {
        "\(chapter)  \(title)  \(steps.count) steps  \(words) words  \(typedLines) lines typed"
            + "  about \(minutes) minutes"
    }
}
