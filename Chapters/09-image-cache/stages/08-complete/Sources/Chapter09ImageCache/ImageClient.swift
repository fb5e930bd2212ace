import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads images, keeps each by its URL, and fills image views, one download per image view.
///
/// Its caches sit behind a `Mutex`, so that it can be called from any thread.
nonisolated public final class ImageClient: Sendable {
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

    /// Calls `completion` with the image at `url` or the error; returns the running task.
    public func downloadImage(fromURL url: URL, completion: @escaping @Sendable (Image?, Error?) -> Void)
        -> (any URLSessionTaskProtocol)?
    {
        let task = session.makeDataTask(with: url) { data, _, error in
            if let data, let image = Image(data: data) {
                completion(image, nil)
            } else {
                completion(nil, error)
            }
        }
        task.resume()
        return task
    }
}
