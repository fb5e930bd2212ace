import Foundation
import WorkbookModel

/// What a chapter asks of a learner: its steps, the words they read, the lines they type, and the
/// minutes that takes by the workbook's estimate, which Chapters/README.md documents ("How long a
/// chapter takes"). It replaces the tutorial site's flat three minutes a step.
package struct ChapterBudget: Equatable {
    /// A learner's pace, by the model's three terms.
    enum Pace {
        /// Technical prose with code in it, read to be understood.
        static let wordsPerMinute = 150.0
        /// A line of code typed from the text, and read as it is typed.
        static let minutesPerTypedLine = 0.25
        /// A check: its build and tests, reading what it shows, and the move to the next step.
        static let minutesPerCheck = 1.5
        /// A line of a given file (a stub, a server, a stand-in), read to know what it offers, not typed.
        static let minutesPerGivenLine = 0.1
    }

    /// A room, not one learner: what a facilitator adds to the learner's minutes to plan a day.
    package enum Room {
        /// The chapter introduced to the room before its first step.
        static let introduction = 10.0
        /// Its ending's questions, asked of the room after its last step.
        static let debrief = 10.0
        /// The room waits for most of its slower learners, whose failed attempts and questions take
        /// about a third longer than the estimate's learner: a step of the plan takes this many times
        /// the learner's minutes, its given files read.
        static let slowerLearners = 1.3
    }

    /// What fits a workshop slot of about three hours, breaks included, which the walk holds every chapter to.
    package enum Limits {
        package static let steps = 25
        package static let words = 6_000
        package static let minutes = 150
        /// A step's prose (its text and hints), and a concept step's, which explains one idea at length.
        package static let stepWords = 250
        package static let conceptWords = 400
        /// The lines a learner types for one step (given files are not typed).
        static let typedLines = 60
    }

    package struct StepCost: Equatable {
        package var id: String
        var words: Int
        var typedLines: Int
        var isConcept = false
        /// Lines of the given Swift files the step brings, which the learner reads.
        var givenLines = 0

        var wordLimit: Int { isConcept ? Limits.conceptWords : Limits.stepWords }
    }

    var chapter: Int
    var title: String
    package var steps: [StepCost]
    /// The chapter's own text around its steps: its introduction and recap.
    var frameWords: Int

    var words: Int { frameWords + steps.reduce(0) { $0 + $1.words } }
    /// The chapter's own text read, by one learner and at a room's pace.
    var frameMinutes: Double { Double(frameWords) / Pace.wordsPerMinute }
    var roomFrameMinutes: Double { frameMinutes * Room.slowerLearners }
    var typedLines: Int { steps.reduce(0) { $0 + $1.typedLines } }
    var givenLines: Int { steps.reduce(0) { $0 + $1.givenLines } }

    /// A step's minutes in a room: the learner's, with its given files read, at a room's pace.
    package static func roomMinutes(of step: StepCost) -> Double {
        (minutes(of: step) + Double(step.givenLines) * Pace.minutesPerGivenLine) * Room.slowerLearners
    }

    /// The chapter's minutes in a room: its introduction, its text and steps at the room's pace, and its
    /// debrief, rounded up to the minute. What the facilitator's plan is made of.
    var roomMinutes: Int {
        Int(
            (Room.introduction + roomFrameMinutes + steps.map(Self.roomMinutes).reduce(0, +) + Room.debrief)
                .rounded(.up))
    }

    /// Reading, typing and one check per step, rounded up to the minute.
    var minutes: Int {
        Int((frameMinutes + steps.map(Self.minutes).reduce(0, +)).rounded(.up))
    }

    /// One step's reading, typing and check, in minutes.
    package static func minutes(of step: StepCost) -> Double {
        Double(step.words) / Pace.wordsPerMinute + Double(step.typedLines) * Pace.minutesPerTypedLine
            + Pace.minutesPerCheck
    }

    package init(_ chapter: Chapter, of workbook: Workbook) {
        self.chapter = chapter.number
        title = chapter.title
        frameWords = Self.words(in: chapter.intro) + Self.words(in: chapter.recap ?? "")
        steps = zip(chapter.steps, workbook.stepTrees(of: chapter).before).map { step, before in
            let given = step.given.filter { $0.hasSuffix(".swift") }.reduce(0) { count, path in
                count
                    + String(decoding: step.changes.files[path] ?? Data(), as: UTF8.self)
                    .split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.count
            }
            // Given files are written for the learner: not typed.
            let typed = step.changes.paths.filter { $0.hasSuffix(".swift") && !step.given.contains($0) }
                .reduce(0) { count, path in
                    let old = before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
                    let new = String(decoding: step.changes.files[path] ?? Data(), as: UTF8.self)
                    return count
                        + LineDiff.lines(old: old, new: new).filter { line in
                            guard case .added(let text) = line else { return false }
                            return !text.trimmingWhitespace().isEmpty
                        }.count
                }
            return StepCost(
                id: step.id, words: Self.words(in: ([step.text] + step.hints).joined(separator: "\n")),
                typedLines: typed, isConcept: step.concept != nil, givenLines: given)
        }
    }

    /// Words as a reader counts them: runs of letters or digits, code included.
    static func words(in text: String) -> Int {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).count
    }

    /// Each way the chapter is more than a slot holds, in one sentence; empty when it fits.
    package var problems: [ChainProblem] {
        var found: [ChainProblem] = []
        let subject = "chapter \(chapter)"
        if steps.count > Limits.steps {
            found.append(
                .init(subject: subject, problem: "it has \(steps.count) steps; a slot holds \(Limits.steps)"))
        }
        if words > Limits.words {
            found.append(
                .init(
                    subject: subject, problem: "it has \(words) words to read; a slot holds \(Limits.words)"))
        }
        if minutes > Limits.minutes {
            found.append(
                .init(
                    subject: subject,
                    problem: "it takes about \(minutes) minutes; a slot holds \(Limits.minutes)"))
        }
        for step in steps where step.words > step.wordLimit {
            found.append(
                .init(
                    subject: step.id,
                    problem: "its text has \(step.words) words; a step has at most \(step.wordLimit)"
                        + (step.isConcept ? "" : " (\(Limits.conceptWords) for a step with a concept: line)"))
            )
        }
        for step in steps where step.typedLines > Limits.typedLines {
            found.append(
                .init(
                    subject: step.id,
                    problem:
                        "it has \(step.typedLines) lines to type; a step has at most \(Limits.typedLines)"
                        + " (give support code with given:)"))
        }
        return found
    }

    /// "5  Async view model  25 steps  4155 words  412 lines typed  161 given  about 146 minutes,
    /// 221 in a room".
    package var line: String {
        "\(chapter)  \(title)  \(steps.count) steps  \(words) words  \(typedLines) lines typed"
            + "  \(givenLines) given  about \(minutes) minutes, \(roomMinutes) in a room"
    }
}
