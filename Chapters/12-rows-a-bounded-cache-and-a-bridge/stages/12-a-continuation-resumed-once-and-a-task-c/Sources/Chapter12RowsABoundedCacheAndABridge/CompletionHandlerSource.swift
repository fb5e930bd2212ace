import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chapter 7's completion-handler session as a source the loader awaits: a data task per request,
/// whose answer resumes the caller once, and which is cancelled with the caller's task.
nonisolated public struct CompletionHandlerSource: ImageDataSource {
    public let session: any URLSessionProtocol

    public init(session: any URLSessionProtocol) {
        self.session = session
    }

    public func data(from url: URL) async throws -> (Data, URLResponse) {
        let handoff = Handoff()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { reply in
                handoff.start(reply) { session.makeDataTask(with: url, completionHandler: handoff.complete) }
            }
        } onCancel: {
            handoff.cancel()
        }
    }
}

/// What a caller and its data task share. The first of the task's answer and the caller's
/// cancellation resumes the caller; the task is started and cancelled outside the lock.
nonisolated final class Handoff: Sendable {
    typealias Reply = CheckedContinuation<(Data, URLResponse), any Error>
    private let state = Mutex<(reply: Reply?, task: (any URLSessionTaskProtocol)?, cancelled: Bool)>(
        (nil, nil, false))

    func start(_ reply: Reply, makingTask makeTask: () -> any URLSessionTaskProtocol) {
        state.withLock { $0.reply = reply }
        let task = makeTask()
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { cancel() } else { task.resume() }
    }

    @Sendable func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        guard let data, let response else {
            return resume(with: .failure(error ?? URLError(.badServerResponse)))
        }
        resume(with: .success((data, response)))
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        resume(with: .failure(CancellationError()))
        task?.cancel()
    }

    private func resume(with result: Result<(Data, URLResponse), any Error>) {
        let reply = state.withLock { state in
            state.task = nil  // The task keeps its completion handler, which keeps this.
            return state.reply.take()
        }
        reply?.resume(with: result)
    }
}
