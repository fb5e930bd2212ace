import Foundation

/// The room as data, for a program that reads it (`/state`): each learner's step and verdict and
/// whether their machine is ready, how many learners are at each step, and how many events the room took.
struct RoomSummary: Codable, Sendable, Equatable {
    struct Learner: Codable, Sendable, Equatable {
        var learner: String
        var name: String?
        var step: String
        var verdict: RoomEvent.Kind
        var lastSequence: Int
        /// What their last `workbook doctor` said of their machine; nil: they have not run it.
        var ready: Bool?
    }

    var learners: [Learner]
    var learnersAtStep: [String: Int]
    var events: Int

    init(_ state: RoomState) {
        learners = state.learnersInOrder.map {
            Learner(
                learner: $0.id, name: $0.name, step: $0.step, verdict: $0.verdict,
                lastSequence: $0.lastSequence, ready: $0.ready)
        }
        learnersAtStep = Dictionary(
            learners.filter { !$0.step.isEmpty }.map { ($0.step, 1) }, uniquingKeysWith: +)
        events = state.eventCount
    }
}
