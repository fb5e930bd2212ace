import Foundation

/// A row of the listings with one picture.
public final class ImageRow {
    public private(set) var image: Image?
    private let loader: ImageLoader

    public init(loader: ImageLoader) {
        self.loader = loader
    }

    /// Shows the picture at `url` when it arrives. Returns the load, for a test to wait for.
    @discardableResult
    public func show(_ url: URL) -> Task<Void, Never> {
        Task { image = try? await loader.image(for: url) }
    }
}
