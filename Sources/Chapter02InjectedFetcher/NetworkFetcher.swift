import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches with `URLSession`, and calls back on the main queue, where an app updates its screen.
public struct NetworkFetcher: DataFetching {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Asks from any isolation: it is the answer that must reach the main actor, and the main queue
    /// brings it there.
    nonisolated public func fetchData(
        url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void
    ) {
        session.dataTask(with: url) { data, _, error in
            DispatchQueue.main.async {
                completion(data, error)
            }
        }.resume()
    }
}
