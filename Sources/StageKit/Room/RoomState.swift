import Foundation

/// What a room knows, made from its events: each learner's last step and verdict, and for each step
/// the lines learners' checks showed, grouped. It holds no event once applied, and at most
/// ``groupsPerStep`` groups a step, so its size is bounded by the learners and the steps, not by how
/// long the room runs.
package struct RoomState: Sendable {
    package struct Learner: Sendable, Equatable {
        package var id: String
        /// The secret the room first saw with their id: their events come with it.
        package var secret: String
        package var name: String?
        /// 1 for the first learner the room heard from, and so on.
        package var order: Int
        package var step: String
        package var verdict: RoomEvent.Verdict
        package var shown: String?
        /// When the room heard the learner was at this step first.
        package var onStepSince: Date
        package var lastSequence: Int
        /// Whether they left the room (`workbook room leave`): the dashboard shows them no more.
        package var hasLeft = false
    }

    /// A group of lines that say one thing, and how often learners saw it.
    package struct ErrorGroup: Sendable, Equatable {
        package var line: String
        package var count: Int
    }

    package static let groupsPerStep = 20

    package private(set) var learners: [String: Learner] = [:]
    /// For each step, its groups, most seen first once sorted by ``errorGroups(at:)``.
    private var groups: [String: [String: Int]] = [:]
    /// For each step, how many lines fell outside its groups once it had ``groupsPerStep``.
    package private(set) var ungrouped: [String: Int] = [:]
    package private(set) var eventCount = 0

    package init() {}

    /// Whether the room has taken this event already: the learner's events come with numbers that
    /// only grow, and one sent again (its answer was lost) has a number the room has seen.
    package func hasTaken(_ event: RoomEvent) -> Bool {
        guard let learner = learners[event.learner] else { return false }
        return event.sequence <= learner.lastSequence
    }

    /// The most a learner's numbers may jump from one event to the next: waiting events are at most 500.
    package static let longestJump = 10_000

    /// Why the room refuses an event of a learner it knows, in one sentence; nil: it may take it.
    package func refusal(of event: RoomEvent) -> String? {
        guard let learner = learners[event.learner] else { return nil }
        guard learner.secret == event.secret else {
            return
                "the learner id \(event.learner) is another machine's: join the room again ('workbook room join')"
        }
        guard event.sequence <= learner.lastSequence + Self.longestJump else {
            return "a sequence number jumps past \(Self.longestJump) from the last one"
        }
        return nil
    }

    package mutating func apply(_ record: RoomRecord) {
        let event = record.event
        guard !hasTaken(event) else { return }
        eventCount += 1
        let before = learners[event.learner]
        var learner =
            learners[event.learner]
            ?? Learner(
                id: event.learner, secret: event.secret, name: nil, order: learners.count + 1,
                step: event.step,
                verdict: event.verdict, shown: nil, onStepSince: record.received, lastSequence: 0)
        if learner.step != event.step { learner.onStepSince = record.received }
        learner.step = event.step
        learner.verdict = event.verdict
        learner.shown = event.verdict == .notMet ? event.shown : nil
        learner.lastSequence = event.sequence
        if let name = event.name { learner.name = name }
        learner.hasLeft = event.verdict == .left
        learners[event.learner] = learner
        // A line counts once for each time a learner comes to see it: a check run again that shows the
        // same thing at the same step does not count it again.
        let sameAsBefore =
            before?.step == event.step && before?.shown.map(Self.group) == event.shown.map(Self.group)
        if event.verdict == .notMet, let shown = event.shown, !shown.isEmpty, !sameAsBefore {
            let group = Self.group(shown)
            var stepGroups = groups[event.step, default: [:]]
            if stepGroups[group] != nil || stepGroups.count < Self.groupsPerStep {
                stepGroups[group, default: 0] += 1
                groups[event.step] = stepGroups
            } else {
                ungrouped[event.step, default: 0] += 1
            }
        }
    }

    /// The learners in the room, in the order the room first heard from them (not those who left).
    package var learnersInOrder: [Learner] {
        learners.values.filter { !$0.hasLeft }.sorted { $0.order < $1.order }
    }

    /// The steps with lines grouped.
    package var stepsWithErrors: [String] { Array(groups.keys) }

    /// A step's groups, the most seen first (then in alphabetical order).
    package func errorGroups(at step: String) -> [ErrorGroup] {
        (groups[step] ?? [:]).map { ErrorGroup(line: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.line) > ($1.count, $0.line) }
    }

    /// The line without what differs from one learner to the next for one mistake: the places a
    /// compiler or a test names (`Sources/X.swift:12:5: `, with its folder), the "it does not compile: "
    /// a check's first line starts with, and a compiler's `error: `.
    package static func group(_ line: String) -> String {
        var text = line.replacing(/\S*\.swift:\d+(:\d+)?:\s*/, with: "")
        for lead in ["it does not compile: ", "error: "] where text.hasPrefix(lead) {
            text.removeFirst(lead.count)
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
