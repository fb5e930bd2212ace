import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A completion-handler session whose data tasks the test finishes itself: it notes each task's
/// `resume()` and `cancel()`, and lets the test wait until a task has been made.
final class TaskSession: URLSessionProtocol {
    final class DataTask: URLSessionTaskProtocol {
        let url: URL
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void
        private let calls = Mutex((resumed: 0, cancelled: 0))

        init(url: URL, completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
            self.url = url
            self.completion = completion
        }

        var resumed: Int { calls.withLock { $0.resumed } }
        var cancelled: Int { calls.withLock { $0.cancelled } }
        func resume() { calls.withLock { $0.resumed += 1 } }
        func cancel() { calls.withLock { $0.cancelled += 1 } }

        /// Answers as a session does: with the payload and a response of `status`.
        func answer(_ data: Data, status: Int = 200) {
            completion(
                data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil),
                nil)
        }
    }

    private let made = Mutex<[DataTask]>([])
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    var tasks: [DataTask] { made.withLock { $0 } }

    func makeDataTask(
        with url: URL,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any URLSessionTaskProtocol {
        let task = DataTask(url: url, completion: completionHandler)
        made.withLock { $0.append(task) }
        arrival.yield()
        return task
    }

    /// Returns once the session has made a task, and gives it.
    func waitForTask() async -> DataTask? {
        for await _ in arrivals { return tasks.last }
        return nil
    }
}
