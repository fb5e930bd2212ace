import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs requests and decodes their answers, turning every failure into one of its own errors.
public struct NetworkService: Sendable {
    public enum Error: Swift.Error, Equatable {
        /// The request never got an answer: no network, a timeout, a refused connection.
        case connectivity
        /// The server answered with something else than success: `statusCode` says what.
        case unexpectedStatus(statusCode: Int)
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
        let response: URLResponse
        do {
            (data, response) = try await session.data(request: request)
        } catch {
            throw Error.connectivity
        }
        if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            throw Error.unexpectedStatus(statusCode: response.statusCode)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw Error.invalidData
        }
    }
}
