import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession: ImageDataSource {
    /// `URLSession`'s own `data(from:delegate:)` has a second parameter, so it does not meet the
    /// requirement by itself.
    nonisolated public func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(from: url, delegate: nil)
    }
}
