import Chapter10ConcurrentImageCache
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A data task that counts how often it is resumed and cancelled, and that the test finishes itself,
/// with the data, status and error it chooses.
final class MockURLSessionTask: URLSessionTaskProtocol {
    private struct Counts {
        var resumes = 0
        var cancels = 0
    }

    let url: URL?
    private let completionHandler: @Sendable (Data?, URLResponse?, Error?) -> Void
    private let counts = Locked(Counts())

    init(
        url: URL? = nil,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void = { _, _, _ in }
    ) {
        self.url = url
        self.completionHandler = completionHandler
    }

    var resumeCount: Int { counts.withLock { $0.resumes } }
    var cancelCount: Int { counts.withLock { $0.cancels } }

    func resume() {
        counts.withLock { $0.resumes += 1 }
    }

    func cancel() {
        counts.withLock { $0.cancels += 1 }
    }

    /// Finishes the task as a session would: with `data`, a response of `statusCode` (none when nil),
    /// and `error`.
    func complete(data: Data?, statusCode: Int?, error: Error?) {
        let response = statusCode.flatMap { code in
            url.flatMap {
                HTTPURLResponse(url: $0, statusCode: code, httpVersion: "HTTP/1.1", headerFields: nil)
            }
        }
        completionHandler(data, response, error)
    }
}
