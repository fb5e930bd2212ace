import Chapter10ConcurrentImageCache
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session that probes the client's lock from inside each call the client makes to it: it reads the
/// client's cache on the calling thread. A `Mutex` cannot be taken twice, so a call made while the
/// client holds its lock stops the process there, whichever test runs it; a call made with the lock
/// released reads at once, and is noted.
final class LockProbingSession: URLSessionProtocol {
    private struct Record {
        /// Weak: the client keeps its session, which must not keep the client in turn.
        weak var client: ImageClient?
        var probedCalls: [String] = []
        var answer: Data?
    }

    private let record = Locked(Record())

    /// The client to probe; set it once the client exists.
    func probe(_ client: ImageClient) {
        record.withLock { $0.client = client }
    }

    /// Makes every task answer `data` from inside its `resume()`, as a session backed by a cache may.
    func answerFromResume(_ data: Data) {
        record.withLock { $0.answer = data }
    }

    /// The calls probed with the client's lock released, in order, by name.
    var probedCalls: [String] { record.withLock { $0.probedCalls } }

    func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol {
        check("makeDataTask")
        let answer = record.withLock { $0.answer }
        return ProbingTask(session: self) {
            if let answer { completionHandler(answer, nil, nil) }
        }
    }

    fileprivate func check(_ call: String) {
        guard let client = record.withLock({ $0.client }) else { return }
        // Outside this session's own lock: the read takes the client's.
        _ = client.cachedImageForURL
        record.withLock { $0.probedCalls.append(call) }
    }
}

/// A task that probes its session's client when it is resumed or cancelled, and answers, if it has
/// an answer, from inside `resume()`.
private final class ProbingTask: URLSessionTaskProtocol {
    private let session: LockProbingSession
    private let answer: @Sendable () -> Void

    init(session: LockProbingSession, answer: @escaping @Sendable () -> Void) {
        self.session = session
        self.answer = answer
    }

    func resume() {
        session.check("resume")
        answer()
    }

    func cancel() { session.check("cancel") }
}
