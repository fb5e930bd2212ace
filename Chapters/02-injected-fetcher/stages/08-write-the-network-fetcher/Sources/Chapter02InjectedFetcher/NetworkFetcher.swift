import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches with `URLSession`.
public struct NetworkFetcher: DataFetching {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func fetchData(url: URL, completion: @escaping @Sendable (Data?, Error?) -> Void) {
        session.dataTask(with: url) { data, _, error in
            completion(data, error)
        }.resume()
    }
}
