import Foundation

/// What rooms measured: for each step, the minutes learners took from arriving at it to meeting it,
/// read from the events a room recorded (`workbook room report`). An arrival the learner left the room
/// or went to another step after, before meeting the step, is not measured (a learner who comes back
/// and meets it is measured from their new arrival); a learner who arrives at a step again while on it
/// keeps their first arrival. A learner counts once at a step, however often they meet it: the first
/// time they met it from their arrival is its measure.
package struct MeasuredMinutes: Equatable, Sendable {
    /// One event of one learner, as much of it as the measure reads.
    package struct Mark: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            case arrived, met, notMet, left
            /// A line the learner left on the chapter: it measures nothing.
            case note
        }

        package var learner: String
        var step: String
        var kind: Kind
        var at: Date
        /// A note's line.
        var text: String?

        package init(learner: String, step: String, kind: Kind, at: Date, text: String? = nil) {
            self.learner = learner
            self.step = step
            self.kind = kind
            self.at = at
            self.text = text
        }
    }

    /// A step's minutes over the learners who met it from their arrival.
    package struct Figure: Equatable, Sendable {
        package var learners: Int
        /// Half the learners met the step in this many minutes or fewer.
        package var median: Double
        /// Three learners in four met it in this many minutes or fewer: the room's slowest quarter took longer.
        package var slowestQuarter: Double
    }

    /// The learners a step's measure needs before the plan and the site use it instead of the estimate.
    static let enoughLearners = 5

    /// Each measured step's minutes, one entry for each learner who met it from their arrival.
    private(set) var minutes: [String: [Double]] = [:]
    /// The notes learners left, by the step they were at, in the order the rooms took them.
    package private(set) var notes: [String: [String]] = [:]

    package init(_ marks: [Mark]) {
        for mark in marks where mark.kind == .note {
            if let text = mark.text, !text.isEmpty { notes[mark.step, default: []].append(text) }
        }
        // Stable, so that two events of one second keep the room's order.
        let byLearner = Dictionary(grouping: marks.enumerated(), by: \.element.learner)
        for (_, events) in byLearner {
            let ordered = events.sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(
                \.element)
            var current: (step: String, since: Date)?
            var measured: Set<String> = []
            for mark in ordered {
                switch mark.kind {
                case .arrived:
                    if current?.step != mark.step { current = (mark.step, mark.at) }
                case .met:
                    if let on = current, on.step == mark.step, measured.insert(mark.step).inserted {
                        minutes[mark.step, default: []].append(
                            max(0, mark.at.timeIntervalSince(on.since)) / 60)
                    }
                    current = nil
                case .notMet:
                    // A check at another step than the one arrived at: the arrival was not seen.
                    if current?.step != mark.step { current = nil }
                case .left:
                    current = nil
                case .note:
                    break
                }
            }
        }
    }

    package var isEmpty: Bool { minutes.isEmpty }

    /// The step's figure; nil when no learner met it from their arrival.
    package func figure(of step: String) -> Figure? {
        guard let values = minutes[step], !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        // The nearest rank: the smallest value that at least three in four are at or under.
        let rank = Int((Double(sorted.count) * 0.75).rounded(.up))
        return Figure(learners: sorted.count, median: median, slowestQuarter: sorted[max(rank, 1) - 1])
    }

    /// The figures of a chapter's steps added up, when every step was measured by at least
    /// `enoughLearners`; the fewest learners any step had. Nil otherwise.
    func chapterFigure(of steps: [String]) -> Figure? {
        let figures = steps.compactMap(figure(of:)).filter { $0.learners >= Self.enoughLearners }
        guard !steps.isEmpty, figures.count == steps.count else { return nil }
        return Figure(
            learners: figures.map(\.learners).min() ?? 0, median: figures.map(\.median).reduce(0, +),
            slowestQuarter: figures.map(\.slowestQuarter).reduce(0, +))
    }
}
