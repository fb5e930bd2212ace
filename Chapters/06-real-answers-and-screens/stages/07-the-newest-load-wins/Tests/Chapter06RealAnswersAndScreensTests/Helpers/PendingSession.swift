import Chapter06RealAnswersAndScreens
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Holds a request until the test answers it, so that the test can look at the view model while the
/// request is on its way. Nothing waits on a clock: the test waits for the request to arrive. Several
/// requests can wait at once, oldest first.
final class PendingSession: AsyncAwait {
    private typealias Waiting = (
        request: URLRequest, continuation: CheckedContinuation<(Data, URLResponse), any Error>
    )
    private let pending = Mutex<[Waiting]>([])
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    func data(request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            pending.withLock { $0.append((request, continuation)) }
            arrival.yield()
        }
    }

    /// Returns once a request has arrived; that request then waits for the test's answer.
    func waitForRequest() async {
        for await _ in arrivals { return }
    }

    /// Answers the request that has waited longest.
    func answer(with answer: Answer) {
        guard let (request, continuation) = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            return
        }
        continuation.resume(with: Result { try answer.result(for: request) })
    }

    /// Answers the request that arrived last, leaving the older ones waiting.
    func answerNewest(with answer: Answer) {
        guard let (request, continuation) = pending.withLock({ $0.popLast() }) else { return }
        continuation.resume(with: Result { try answer.result(for: request) })
    }
}
