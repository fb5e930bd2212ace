import Chapter05AsyncViewModel
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Holds a request until the test answers it, so that the test can look at the view model while the
/// request is on its way. Nothing waits on a clock: the test waits for the request to arrive.
final class PendingSession: AsyncAwait {
    private typealias Waiting = (
        request: URLRequest, continuation: CheckedContinuation<(Data, URLResponse), any Error>
    )
    private let pending = Mutex<Waiting?>(nil)
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    func data(request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            pending.withLock { $0 = (request, continuation) }
            arrival.yield()
        }
    }

    /// Returns once a request has arrived; that request then waits for the test's answer.
    func waitForRequest() async {
        for await _ in arrivals { return }
    }

    /// Answers the request that waits.
    func answer(with answer: Answer) {
        guard let (request, continuation) = pending.withLock({ $0.take() }) else { return }
        continuation.resume(with: Result { try answer.result(for: request) })
    }
}
