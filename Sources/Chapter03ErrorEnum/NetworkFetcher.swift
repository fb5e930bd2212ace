import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches with `URLSession`, and calls back on the main queue, where an app updates its screen. A
/// status outside 200 to 299 is an error, `URLError(.badServerResponse)`, and brings no data.
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
        session.dataTask(with: url) { data, response, error in
            // A server that answers, even with an error page, is no error to URLSession: the status is.
            if let response = response as? HTTPURLResponse, !(200...299).contains(response.statusCode) {
                DispatchQueue.main.async {
                    completion(nil, URLError(.badServerResponse))
                }
                return
            }
            DispatchQueue.main.async {
                completion(data, error)
            }
        }.resume()
    }
}
