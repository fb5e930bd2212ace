import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request and waits for the answer: what the view model's stack needs of `URLSession`, and
/// all that a test's session has to imitate.
public protocol AsyncAwait: Sendable {
    func data(request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: AsyncAwait {
    public func data(request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request)
    }
}
