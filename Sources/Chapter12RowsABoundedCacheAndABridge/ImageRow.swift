import Foundation

/// A row of the listings with one picture.
public final class ImageRow {
    public private(set) var image: Image?
    private let loader: ImageLoader
    private var load: Task<Void, Never>?

    public init(loader: ImageLoader) {
        self.loader = loader
    }

    /// A row thrown away stops its load: the loader's download ends when no one else waits for it.
    deinit {
        load?.cancel()
    }

    /// Shows the picture at `url` when it arrives. Returns the load, for a test to wait for.
    @discardableResult
    public func show(_ url: URL) -> Task<Void, Never> {
        load?.cancel()
        image = nil
        // The load holds the row weakly: a row thrown away is let go at once, not when its picture comes.
        let load = Task { [weak self, loader] in
            // A load cancelled after its answer arrived runs this line too: it must not show it.
            guard let picture = try? await loader.image(for: url), !Task.isCancelled else { return }
            self?.image = picture
        }
        self.load = load
        return load
    }
}
