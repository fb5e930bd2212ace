import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs requests and decodes their answers, turning every failure into one of its own errors.
public struct NetworkService: Sendable {
    public enum Error: Swift.Error, Equatable {
        /// The request never got an answer: no network, a timeout, a refused connection.
        case connectivity
    }

    private let session: any AsyncAwait

    public init(session: any AsyncAwait) {
        self.session = session
    }

    /// Sends `request` and returns the answer's body.
    public func perform(request: URLRequest) async throws -> Data {
        do {
            return try await session.data(request: request).0
        } catch {
            throw Error.connectivity
        }
    }
}
