import Chapter10ConcurrentImageCache
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session that notes each of its calls the client makes while holding its own lock. It asks, from
/// inside the call, another thread to read the client's cache: if that read cannot finish within five
/// seconds, the lock was held. (Reading it on the calling thread would not fail: it would trap.)
final class LockProbingSession: URLSessionProtocol {
    private struct Record {
        var client: ImageClient?
        var callsUnderLock: [String] = []
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

    /// The calls made while the client held its lock, by name.
    var callsUnderLock: [String] { record.withLock { $0.callsUnderLock } }

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
        let reading = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = client.cachedImageForURL
            reading.signal()
        }
        if reading.wait(timeout: .now() + 5) == .timedOut {
            record.withLock { $0.callsUnderLock.append(call) }
        }
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
