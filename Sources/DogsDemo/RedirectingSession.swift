import Chapter06RealAnswersAndScreens
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends every request to another server, keeping its path and query: the view model asks the Dog API
/// as always, and the loopback server answers.
struct RedirectingSession: AsyncAwait {
    var server: URL
    var wrapped: any AsyncAwait

    func data(request: URLRequest) async throws -> (Data, URLResponse) {
        var redirected = request
        if let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.scheme = server.scheme
            components.host = server.host
            components.port = server.port
            redirected.url = components.url
        }
        return try await wrapped.data(request: redirected)
    }
}
