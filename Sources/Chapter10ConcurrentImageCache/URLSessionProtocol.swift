import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client needs of `URLSession`: a data task for a URL. Tests give the client a session that
/// records what it is asked and lets them finish the task themselves.
nonisolated public protocol URLSessionProtocol: Sendable {
    func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol
}

/// What the client and its callers need of a task: to start it and to cancel it.
nonisolated public protocol URLSessionTaskProtocol: Sendable {
    func resume()
    func cancel()
}

extension URLSession: URLSessionProtocol {
    nonisolated public func makeDataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> any URLSessionTaskProtocol {
        dataTask(with: url, completionHandler: completionHandler)
    }
}

extension URLSessionTask: URLSessionTaskProtocol {}
