import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads images, keeps each by its URL, and fills image views, one download per image view.
///
/// Its caches sit behind a `Mutex`, so that it can be called from any thread.
nonisolated public final class ImageClient: ImageService, Sendable {
    public enum Error: Swift.Error, Equatable {
        /// The answer arrived but is not an image.
        case notAnImage
    }

    /// The client an app uses: the shared session, answers on the main queue.
    public static let shared = ImageClient(responseQueue: .main, session: URLSession.shared)

    public let responseQueue: DispatchQueue?
    public let session: any URLSessionProtocol

    private struct State {
        var cachedImageForURL: [URL: Image] = [:]
        var cachedTaskForImageView: [ImageView: any URLSessionTaskProtocol] = [:]
    }

    private let state = Mutex(State())

    public init(responseQueue: DispatchQueue?, session: any URLSessionProtocol) {
        self.responseQueue = responseQueue
        self.session = session
    }

    /// The images downloaded so far, by URL.
    public var cachedImageForURL: [URL: Image] { state.withLock { $0.cachedImageForURL } }
    /// The download running for each image view.
    public var cachedTaskForImageView: [ImageView: any URLSessionTaskProtocol] {
        state.withLock { $0.cachedTaskForImageView }
    }

    /// Calls `completion` with the image at `url` or the error; returns the running task, or nil when
    /// the image was at hand and `completion` has been called already.
    public func downloadImage(
        fromURL url: URL, completion: @escaping @Sendable (Image?, Swift.Error?) -> Void
    )
        -> (any URLSessionTaskProtocol)?
    {
        if let image = state.withLock({ $0.cachedImageForURL[url] }) {
            completion(image, nil)
            return nil
        }
        let task = session.makeDataTask(with: url) { [weak self, responseQueue] data, _, error in
            let image = data.flatMap(Image.init(data:))
            let failure = image == nil ? (error ?? Error.notAnImage) : nil
            if let image { self?.state.withLock { $0.cachedImageForURL[url] = image } }
            Self.deliver(on: responseQueue) { completion(image, failure) }
        }
        task.resume()
        return task
    }

    /// Runs `answer` on `queue`, or at once where there is no queue.
    private static func deliver(on queue: DispatchQueue?, _ answer: @escaping @Sendable () -> Void) {
        if let queue {
            queue.async(execute: answer)
        } else {
            answer()
        }
    }

    /// Shows `placeholder` in `imageView` at once, then the image at `url` when it arrives.
    @MainActor
    public func setImage(on imageView: ImageView, fromURL url: URL, withPlaceholder placeholder: Image?) {
        state.withLock { $0.cachedTaskForImageView.removeValue(forKey: imageView) }?.cancel()
        imageView.image = placeholder
        let task = downloadImage(fromURL: url) { [weak self] image, _ in
            MainQueue.run {
                _ = self?.state.withLock { $0.cachedTaskForImageView.removeValue(forKey: imageView) }
                if let image { imageView.image = image }
            }
        }
        if let task { state.withLock { $0.cachedTaskForImageView[imageView] = task } }
    }
}
