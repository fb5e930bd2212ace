import Chapter10ConcurrentImageCache
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Makes mock tasks instead of real ones, and keeps them, so that a test can check their URLs and
/// finish them itself.
final class MockURLSession: URLSessionProtocol {
    private let made = Locked<[MockURLSessionTask]>([])

    var tasks: [MockURLSessionTask] { made.withLock { $0 } }

    func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol {
        let task = MockURLSessionTask(url: url, completionHandler: completionHandler)
        made.withLock { $0.append(task) }
        return task
    }
}
