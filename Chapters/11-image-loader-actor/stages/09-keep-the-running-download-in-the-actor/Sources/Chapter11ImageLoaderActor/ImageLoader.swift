import Foundation

/// Loads the listings' pictures, keeps each by its URL, and downloads each URL once however many
/// callers ask for it at once.
public actor ImageLoader {
    public enum Error: Swift.Error, Equatable {
        /// The server answered with this status, not 2xx.
        case status(Int)
        /// The answer's bytes are not an image.
        case notAnImage
    }

    private let source: any ImageDataSource
    private var cache: [URL: Image] = [:]
    /// The downloads running, by URL: a caller that finds one waits for it instead of starting another.
    private var downloads: [URL: Task<Image, any Swift.Error>] = [:]

    public init(source: any ImageDataSource) {
        self.source = source
    }

    public func image(for url: URL) async throws -> Image {
        if let image = cache[url] { return image }
        let download = downloads[url] ?? Task { try await source.image(from: url) }
        downloads[url] = download
        defer { downloads[url] = nil }
        let image = try await download.value
        cache[url] = image
        return image
    }
}
