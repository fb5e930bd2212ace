import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads images, keeps each by its URL, and fills image views, one download per image view.
///
/// Its caches sit behind a `Mutex`, so that it can be called from any thread; two requests for one URL
/// share one download.
nonisolated public final class ImageClient: ImageService, Sendable {
    public enum Error: Swift.Error, Equatable {
        /// The answer arrived but is not an image.
        case notAnImage
    }

    /// The client an app uses: the shared session, answers on the main queue.
    public static let shared = ImageClient(responseQueue: .main, session: URLSession.shared)

    public let responseQueue: DispatchQueue?
    public let session: any URLSessionProtocol

    private struct Download {
        var task: any URLSessionTaskProtocol
        var completions: [UUID: @Sendable (Image?, Swift.Error?) -> Void]
    }

    private struct State {
        var cachedImageForURL: [URL: Image] = [:]
        var cachedTaskForImageView: [ImageView: any URLSessionTaskProtocol] = [:]
        var downloads: [URL: Download] = [:]
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

    public func downloadImage(
        fromURL url: URL, completion: @escaping @Sendable (Image?, Swift.Error?) -> Void
    )
        -> (any URLSessionTaskProtocol)?
    {
        let id = UUID()
        let cached = state.withLock { state -> Image? in
            if let image = state.cachedImageForURL[url] { return image }
            if state.downloads[url] != nil {
                state.downloads[url]?.completions[id] = completion
            } else {
                let task = session.makeDataTask(with: url) { [weak self] data, _, error in
                    self?.finishDownload(of: url, data: data, error: error)
                }
                state.downloads[url] = Download(task: task, completions: [id: completion])
                task.resume()
            }
            return nil
        }
        if let cached {
            completion(cached, nil)
            return nil
        }
        return DownloadHandle { [weak self] in self?.cancel(id, downloading: url) }
    }

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

    private func finishDownload(of url: URL, data: Data?, error: Swift.Error?) {
        let image = data.flatMap(Image.init(data:))
        let failure = image == nil ? (error ?? Error.notAnImage) : nil
        let completions = state.withLock { state in
            if let image { state.cachedImageForURL[url] = image }
            return state.downloads.removeValue(forKey: url)?.completions.values.map { $0 } ?? []
        }
        for completion in completions {
            Self.deliver(on: responseQueue) { completion(image, failure) }
        }
    }

    /// Runs `answer` on `queue`, or at once where there is no queue.
    private static func deliver(on queue: DispatchQueue?, _ answer: @escaping @Sendable () -> Void) {
        if let queue {
            queue.async(execute: answer)
        } else {
            answer()
        }
    }

    /// Withdraws one caller from a download; the download stops when no caller is left.
    fileprivate func cancel(_ id: UUID, downloading url: URL) {
        let abandoned = state.withLock { state -> (any URLSessionTaskProtocol)? in
            guard var download = state.downloads[url], download.completions.removeValue(forKey: id) != nil
            else {
                return nil
            }
            if download.completions.isEmpty {
                state.downloads[url] = nil
                return download.task
            }
            state.downloads[url] = download
            return nil
        }
        abandoned?.cancel()
    }
}

/// One caller's share of a download: cancelling it withdraws that caller only. It does not keep the
/// client: the client keeps an image view's handle until the download ends.
private final class DownloadHandle: URLSessionTaskProtocol {
    private let withdraw: @Sendable () -> Void

    init(withdraw: @escaping @Sendable () -> Void) {
        self.withdraw = withdraw
    }

    func resume() {}

    func cancel() {
        withdraw()
    }
}
