import Foundation

/// What the listings need to show pictures: a download, and an image view filled from a URL.
nonisolated public protocol ImageService {
    /// Calls `completion` with the image at `url` or the error; returns the running task, or nil when
    /// the image was at hand and its answer is on its way already.
    func downloadImage(fromURL url: URL, completion: @escaping @Sendable (Image?, Error?) -> Void)
        -> (any URLSessionTaskProtocol)?

    /// Shows `placeholder` in `imageView` at once, then the image at `url` when it arrives.
    @MainActor
    func setImage(on imageView: ImageView, fromURL url: URL, withPlaceholder placeholder: Image?)
}
