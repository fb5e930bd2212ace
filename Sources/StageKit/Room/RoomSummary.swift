import Foundation

/// The room as data, for a program that reads it (`/state`): each learner's step and verdict, how
/// many learners are at each step, and how many events the room took.
package struct RoomSummary: Codable, Sendable, Equatable {
    package struct Learner: Codable, Sendable, Equatable {
        package var learner: String
        package var name: String?
        package var step: String
        package var verdict: RoomEvent.Verdict
        package var lastSequence: Int
    }

    package var learners: [Learner]
    package var learnersAtStep: [String: Int]
    package var events: Int

    package init(_ state: RoomState) {
        learners = state.learnersInOrder.map {
            Learner(
                learner: $0.id, name: $0.name, step: $0.step, verdict: $0.verdict,
                lastSequence: $0.lastSequence)
        }
        learnersAtStep = Dictionary(learners.map { ($0.step, 1) }, uniquingKeysWith: +)
        events = state.eventCount
    }
}
