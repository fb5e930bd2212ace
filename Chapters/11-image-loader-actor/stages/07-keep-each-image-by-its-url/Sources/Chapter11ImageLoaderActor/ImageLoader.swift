import Foundation

/// Loads the listings' pictures, and keeps each by its URL.
public actor ImageLoader {
    public enum Error: Swift.Error, Equatable {
        /// The server answered with this status, not 2xx.
        case status(Int)
        /// The answer's bytes are not an image.
        case notAnImage
    }

    private let source: any ImageDataSource
    private var cache: [URL: Image] = [:]

    public init(source: any ImageDataSource) {
        self.source = source
    }

    public func image(for url: URL) async throws -> Image {
        if let image = cache[url] { return image }
        let image = try await source.image(from: url)
        cache[url] = image
        return image
    }
}
