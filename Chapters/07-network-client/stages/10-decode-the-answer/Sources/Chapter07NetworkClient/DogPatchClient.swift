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

    /// Fetches the dogs for sale and calls `completion` once, with the dogs or with the error; returns
    /// the running task, which the caller may cancel.
    public func getDogs(completion: @escaping @Sendable ([Dog]?, Error?) -> Void)
        -> any URLSessionTaskProtocol
    {
        let url = baseURL.appendingPathComponent("dogs")
        let task = session.makeDataTask(with: url) { data, _, _ in
            guard let data, let dogs = try? JSONDecoder().decode([Dog].self, from: data) else { return }
            completion(dogs, nil)
        }
        task.resume()
        return task
    }
}
