import Foundation

/// What a room knows, made from its events: each learner's last step and verdict, and for each step
/// the lines learners' checks showed, grouped, with the learners who saw each. It holds no event once
/// applied, at most ``groupsPerStep`` groups a step and ``linesPerLearner`` of them from one learner,
/// so its size is bounded by the learners and the steps, not by how long the room runs.
package struct RoomState: Sendable {
    package struct Learner: Sendable, Equatable {
        var id: String
        /// The secret the room first saw with their id: their events come with it.
        var secret: String
        var name: String?
        /// 1 for the first learner the room heard from, and so on.
        var order: Int
        var step: String
        var verdict: RoomEvent.Kind
        var shown: String?
        /// When the room heard the learner was at this step first.
        var onStepSince: Date
        var lastSequence: Int
        /// How many of their events the room took.
        var events = 0
        /// Whether they left the room (`workbook room leave`): the dashboard shows them no more.
        var hasLeft = false
        /// What their last `workbook doctor` said of their machine; nil: they have not run it.
        var ready: Bool?

        /// Whether the room has heard of a step of theirs; not when they have only run `doctor`.
        var hasStarted: Bool { !step.isEmpty }
    }

    /// A group of lines that say one thing, and how many learners saw it.
    struct ErrorGroup: Sendable, Equatable {
        var line: String
        var count: Int
    }

    static let groupsPerStep = 20
    /// The groups one learner may start at one step: a learner cannot fill a step's groups alone.
    static let linesPerLearner = 3
    /// The most a learner's numbers may jump from one event to the next: waiting events are at most 500.
    static let longestJump = 10_000

    package private(set) var learners: [String: Learner] = [:]
    /// For each step, its groups: each line, and the learners who saw it.
    private var groups: [String: [String: Set<String>]] = [:]
    /// For each step, how many times a learner saw a line that did not fit in its groups.
    private(set) var ungrouped: [String: Int] = [:]
    /// How many events it took: each learner's, added up.
    package var eventCount: Int { learners.values.reduce(0) { $0 + $1.events } }

    init() {}

    /// Whether the room has taken this event already: the learner's events come with numbers that
    /// only grow, and one sent again (its answer was lost) has a number the room has seen.
    func hasTaken(_ event: RoomEvent) -> Bool {
        guard let learner = learners[event.learner] else { return false }
        return event.sequence <= learner.lastSequence
    }

    /// Why the room refuses an event of a learner it knows, in one sentence; nil: it may take it.
    func refusal(of event: RoomEvent) -> String? {
        guard let learner = learners[event.learner] else { return nil }
        guard learner.secret == event.secret else {
            return
                "the learner id \(event.learner) is another machine's: 'workbook room leave', then join again"
        }
        guard event.sequence <= learner.lastSequence + Self.longestJump else {
            return "a sequence number jumps past \(Self.longestJump) from the last one"
        }
        return nil
    }

    mutating func apply(_ record: RoomRecord) {
        let event = record.event
        guard !hasTaken(event) else { return }
        var learner =
            learners[event.learner]
            ?? Learner(
                id: event.learner, secret: event.secret, name: nil, order: learners.count + 1,
                step: event.step,
                verdict: event.verdict, shown: nil, onStepSince: record.received, lastSequence: 0)
        if event.verdict.isReadiness {
            // It says how their machine is: where they are and what their last check said stay.
            learner.ready = event.verdict == .ready
        } else if event.verdict == .note {
            // A line on the chapter, kept in the record: it moves the learner nowhere.
        } else {
            if learner.step != event.step { learner.onStepSince = record.received }
            learner.step = event.step
            learner.verdict = event.verdict
            learner.shown = event.verdict == .notMet ? event.shown : nil
        }
        learner.lastSequence = event.sequence
        learner.events += 1
        // A blank name is no name: the dashboard shows the learner's id.
        if let name = event.name, !name.trimmingCharacters(in: .whitespaces).isEmpty { learner.name = name }
        learner.hasLeft = event.verdict == .left
        learners[event.learner] = learner
        if event.verdict == .notMet, let shown = event.shown, !shown.isEmpty {
            note(Self.group(shown), seenBy: event.learner, at: event.step)
        }
    }

    /// Notes that `learner` saw `line` at `step`: a learner counts once in a group however often they
    /// see its line.
    private mutating func note(_ line: String, seenBy learner: String, at step: String) {
        var stepGroups = groups[step, default: [:]]
        if stepGroups[line]?.contains(learner) == true { return }
        let started = stepGroups.values.filter { $0.contains(learner) }.count
        if stepGroups[line] != nil
            || (stepGroups.count < Self.groupsPerStep && started < Self.linesPerLearner)
        {
            stepGroups[line, default: []].insert(learner)
            groups[step] = stepGroups
        } else {
            ungrouped[step, default: 0] += 1
        }
    }

    /// The learners in the room, in the order the room first heard from them (not those who left).
    var learnersInOrder: [Learner] {
        learners.values.filter { !$0.hasLeft }.sorted { $0.order < $1.order }
    }

    /// The steps with lines grouped.
    var stepsWithErrors: [String] { Array(groups.keys) }

    /// A step's groups, the most seen first (then in alphabetical order).
    func errorGroups(at step: String) -> [ErrorGroup] {
        (groups[step] ?? [:]).map { ErrorGroup(line: $0.key, count: $0.value.count) }
            .sorted { ($0.count, $1.line) > ($1.count, $0.line) }
    }

    /// The line without what differs from one learner to the next for one mistake: the places a
    /// compiler or a test names (`Sources/X.swift:12:5:`, with its folder), and the `error:` after it. A
    /// check sends a message without its place; a line another tool wrote may still hold one. Word by
    /// word, in one pass.
    static func group(_ line: String) -> String {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).filter { !isPlace($0) }
        if words.first == "error:" { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// Whether a word is a place in a Swift file: `Name.swift:12:`, or `Name.swift:12:5:`.
    static func isPlace(_ word: Substring) -> Bool {
        guard word.hasSuffix(":"), let swift = word.range(of: ".swift:", options: .backwards) else {
            return false
        }
        let numbers = word[swift.upperBound...].dropLast().split(
            separator: ":", omittingEmptySubsequences: false)
        return (1...2).contains(numbers.count)
            && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
