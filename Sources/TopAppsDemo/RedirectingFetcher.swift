import Chapter04NestedDecoding
import Foundation

/// Sends every fetch to another server, keeping the URL's path and query: the resource asks for the
/// App Store's feed as always, and the loopback server answers. The `DataFetching` seam at work.
struct RedirectingFetcher: DataFetching {
    /// The server to ask instead: its scheme, host and port replace the URL's.
    var server: URL
    var wrapped: any DataFetching

    func fetchData(url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void) {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = server.scheme
        components?.host = server.host
        components?.port = server.port
        guard let redirected = components?.url else {
            completion(nil, URLError(.badURL))
            return
        }
        wrapped.fetchData(url: redirected, completion: completion)
    }
}
