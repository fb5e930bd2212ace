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

    /// `costLimit` bounds the images it keeps, from step 12.6 on.
    public init(source: any ImageDataSource, costLimit: Int) {
        self.source = source
    }

    public func image(for url: URL) async throws -> Image {
        try await source.image(from: url)
    }
}
