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
    }

    private let record = Locked(Record())

    /// The client to probe; set it once the client exists.
    func probe(_ client: ImageClient) {
        record.withLock { $0.client = client }
    }

    /// The calls probed with the client's lock released, in order, by name.
    var probedCalls: [String] { record.withLock { $0.probedCalls } }

    func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol {
        check("makeDataTask")
        return ProbingTask(session: self)
    }

    fileprivate func check(_ call: String) {
        guard let client = record.withLock({ $0.client }) else { return }
        // Outside this session's own lock: the read takes the client's.
        _ = client.cachedImageForURL
        record.withLock { $0.probedCalls.append(call) }
    }
}

/// A task that probes its session's client when it is resumed or cancelled.
private final class ProbingTask: URLSessionTaskProtocol {
    private let session: LockProbingSession

    init(session: LockProbingSession) {
        self.session = session
    }

    func resume() { session.check("resume") }

    func cancel() { session.check("cancel") }
}
