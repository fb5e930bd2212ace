import Foundation
import WorkbookModel

/// What a learner's `workbook` tells a room after `start`, `check`, `next`, `goto`, `room leave` or `doctor`: who (an
/// anonymous id, and a name if they gave one), where (the step), what the last check said (its verdict, and the
/// first line it showed: a compiler error or a failed expectation), or whether their machine is ready, and when.
/// Never a line of code.
package struct RoomEvent: Codable, Sendable, Equatable {
    /// What an event says of the learner. The event's field is `verdict`, as the ledger, the report
    /// and the dashboard have always called it; the judge's verdict on a check is `Verdict`, apart.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// The learner arrived at the step (`start`, `next`, `goto`).
        case arrived
        /// The step's goal was met.
        case met
        /// A check did not meet the step's goal yet.
        case notMet = "not met"
        /// The learner left the room (`workbook room leave`).
        case left
        /// `workbook doctor` found their machine ready for the workshop, or not.
        case ready
        case notReady = "not ready"
        /// A line the learner left the room on the chapter (`workbook note`), in `shown`: where they are
        /// and what their checks said stay as they were.
        case note

        /// Whether it says how the learner's machine is, not where they are.
        package var isReadiness: Bool { self == .ready || self == .notReady }
    }

    /// The learner's anonymous id, made when they joined: letters, digits and dashes.
    package var learner: String
    /// A secret their machine made when they joined, sent with every event and shown nowhere: the room
    /// takes a learner's events only with the secret it first saw with their id, so that nobody who
    /// reads the id on the dashboard can speak for them.
    var secret: String
    /// The name they gave, shown as text; nil: the dashboard shows the id.
    var name: String?
    /// 1 for a learner's first event, then one more each time: the room takes each once.
    var sequence: Int
    /// "3.4"; one past a chapter's last step when the chapter is done; "" in a `doctor`'s event from a
    /// learner who has not started.
    package var step: String
    package var verdict: Kind
    /// The first line the check showed, when it did not meet the goal.
    var shown: String?
    /// When the learner's machine made it.
    var sent: Date

    package init(
        learner: String, secret: String, name: String?, sequence: Int, step: String, verdict: Kind,
        shown: String?, sent: Date
    ) {
        self.learner = learner
        self.secret = secret
        self.name = name
        self.sequence = sequence
        self.step = step
        self.verdict = verdict
        self.shown = shown
        self.sent = sent
    }

    /// The longest name and line a room keeps, in Unicode scalars (so that a name of one letter and
    /// a thousand accents on it is long): longer ones are cut by the learner's side, and refused by the
    /// room.
    package static let longestName = 40
    package static let longestShown = 300
    static let longestLearner = 40
    /// The highest number an event may have: far past what a day of commands makes.
    package static let highestSequence = 1_000_000_000

    /// Why the room refuses it, in one sentence; nil: it is one the room takes. A step must be one of
    /// `workbook`'s, or one past a chapter's last, written as `workbook` writes it ("3.4"), or none in a
    /// readiness event.
    func problem(in workbook: Workbook) -> String? {
        guard Self.isToken(learner) else {
            return "a learner id is 1 to \(Self.longestLearner) letters, digits and dashes"
        }
        guard Self.isToken(secret), secret.count >= 16 else {
            return "a learner's secret is 16 to \(Self.longestLearner) letters, digits and dashes"
        }
        if let name,
            name.unicodeScalars.count > Self.longestName
                || name.unicodeScalars.contains(where: PlainText.isHidden)
        {
            return "a name is at most \(Self.longestName) characters, none of them control characters"
        }
        if let shown,
            shown.unicodeScalars.count > Self.longestShown
                || shown.unicodeScalars.contains(where: PlainText.isHidden)
        {
            return "a line shown is at most \(Self.longestShown) characters on one line"
        }
        if verdict == .note, (shown ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            return "a note says something: its line is empty"
        }
        guard (1...Self.highestSequence).contains(sequence) else {
            return "a sequence number is from 1 to \(Self.highestSequence)"
        }
        guard
            (step.isEmpty && verdict.isReadiness)
                || (step.count <= 12 && StepTitles(workbook).step(step) != nil)
        else {
            return "'\(step.prefix(20))' is not a step of this workbook"
        }
        return nil
    }

    /// 1 to ``longestLearner`` ASCII letters, digits and dashes.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.count <= longestLearner
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-")
            }
    }

    /// `line` made fit to send: one line, nothing `PlainText` calls hidden, at most `longest` Unicode
    /// scalars (an ellipsis ends a cut one).
    package static func fitted(_ line: String, longest: Int) -> String {
        let flat = PlainText.printable(line).trimmingCharacters(in: .whitespaces)
        guard flat.unicodeScalars.count > longest else { return flat }
        return String(String.UnicodeScalarView(flat.unicodeScalars.prefix(longest - 1))) + "…"
    }
}

/// An event as the room keeps it: when it arrived, and what it said.
package struct RoomRecord: Codable, Sendable, Equatable {
    var received: Date
    package var event: RoomEvent
}

extension JSONEncoder {
    /// How the room and its learners write events: dates as ISO 8601, keys in one order.
    package static var room: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    package static var room: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
