import Foundation

/// Loads the listings' pictures.
public actor ImageLoader {
    public enum Error: Swift.Error, Equatable {
        /// The server answered with this status, not 2xx.
        case status(Int)
        /// The answer's bytes are not an image.
        case notAnImage
    }

    private let source: any ImageDataSource

    public init(source: any ImageDataSource) {
        self.source = source
    }

    public func image(for url: URL) async throws -> Image {
        try await source.image(from: url)
    }
}
