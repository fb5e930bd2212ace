import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs requests and decodes their answers, turning every failure into one of its own errors.
public struct NetworkService: Sendable {
    public enum Error: Swift.Error, Equatable {
        /// The request never got an answer: no network, a timeout, a refused connection.
        case connectivity
        /// The answer is not what was asked for.
        case invalidData
    }

    private let session: any AsyncAwait

    public init(session: any AsyncAwait) {
        self.session = session
    }

    /// Sends `request` and decodes the answer's body as a `T`.
    public func perform<T: Decodable>(request: URLRequest) async throws -> T {
        let data: Data
        do {
            (data, _) = try await session.data(request: request)
        } catch {
            throw Error.connectivity
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw Error.invalidData
        }
    }
}
