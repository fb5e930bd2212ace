import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What chapters 7 to 10's client needs of `URLSession`: a data task for a URL, answered through a
/// completion handler. In this module it is `nonisolated`: the bridge makes, starts and cancels tasks
/// wherever its caller runs, a cancellation handler included, which runs on any thread.
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
