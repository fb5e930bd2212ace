import Chapter12RowsABoundedCacheAndABridge
import Foundation

extension ImageLoader {
    /// Asks for `url` on the loader itself, right after calling `arrived`. The loader runs one caller
    /// at a time, and this one keeps it from `arrived` to its first `await`: once `arrived` has run,
    /// the caller has looked at the loader's state before anything the test does next.
    func image(for url: URL, arriving arrived: @Sendable () -> Void) async throws -> Image {
        arrived()
        return try await image(for: url)
    }
}

/// A caller that asks `loader` for `url`, and returns once it has arrived.
func arrivingCaller(_ loader: ImageLoader, for url: URL) async -> Task<Image, any Error> {
    let (arrivals, arrival) = AsyncStream<Void>.makeStream()
    let caller = Task { try await loader.image(for: url, arriving: { arrival.yield() }) }
    for await _ in arrivals { break }
    return caller
}
