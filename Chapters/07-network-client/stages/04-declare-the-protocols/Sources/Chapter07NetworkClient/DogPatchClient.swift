import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to the DogPatch server.
nonisolated public final class DogPatchClient: Sendable {
    public let baseURL: URL
    public let session: any URLSessionProtocol
    /// Where completions are called; nil calls them on the session's own queue.
    public let responseQueue: DispatchQueue?

    public init(baseURL: URL, session: any URLSessionProtocol, responseQueue: DispatchQueue?) {
        self.baseURL = baseURL
        self.session = session
        self.responseQueue = responseQueue
    }
}
