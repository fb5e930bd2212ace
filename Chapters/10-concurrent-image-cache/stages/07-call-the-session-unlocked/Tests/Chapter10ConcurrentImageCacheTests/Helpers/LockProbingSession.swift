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
    }

    private let record = Locked(Record())

    /// The client to probe; set it once the client exists.
    func probe(_ client: ImageClient) {
        record.withLock { $0.client = client }
    }

    /// The calls made while the client held its lock, by name.
    var callsUnderLock: [String] { record.withLock { $0.callsUnderLock } }

    func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol {
        check("makeDataTask")
        return ProbingTask(session: self)
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

/// A task that probes its session's client when it is resumed or cancelled.
private final class ProbingTask: URLSessionTaskProtocol {
    private let session: LockProbingSession

    init(session: LockProbingSession) {
        self.session = session
    }

    func resume() { session.check("resume") }
    func cancel() { session.check("cancel") }
}
