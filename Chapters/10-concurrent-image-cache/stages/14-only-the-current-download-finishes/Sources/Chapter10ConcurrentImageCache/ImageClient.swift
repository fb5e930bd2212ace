import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads images, keeps each by its URL, and fills image views, one download per image view.
///
/// Its caches sit behind a lock, so that it can be called from any thread; two requests for one URL
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
        /// The caller that started it: it tells this download from an earlier one of the same URL.
        var starter: UUID
        /// Nil until the caller that started it has made it, outside the lock. No other caller sees it
        /// nil: the starter's own handle comes back only once the task is stored.
        var task: (any URLSessionTaskProtocol)?
        var completions: [UUID: @Sendable (Image?, Swift.Error?) -> Void]
    }

    /// The picture an image view waits for: its answer counts only while this is the view's request.
    private struct ImageViewRequest {
        var id: UUID
        var task: (any URLSessionTaskProtocol)?
    }

    private struct State {
        var cachedImageForURL: [URL: Image] = [:]
        var requestForImageView: [ImageView: ImageViewRequest] = [:]
        var downloads: [URL: Download] = [:]
    }

    private let state = Locked(State())

    public init(responseQueue: DispatchQueue?, session: any URLSessionProtocol) {
        self.responseQueue = responseQueue
        self.session = session
    }

    /// The images downloaded so far, by URL.
    public var cachedImageForURL: [URL: Image] { state.withLock { $0.cachedImageForURL } }
    /// The download running for each image view.
    public var cachedTaskForImageView: [ImageView: any URLSessionTaskProtocol] {
        state.withLock { $0.requestForImageView.compactMapValues(\.task) }
    }

    public func downloadImage(
        fromURL url: URL, completion: @escaping @Sendable (Image?, Swift.Error?) -> Void
    )
        -> (any URLSessionTaskProtocol)?
    {
        let id = UUID()
        // Under the lock, only decide; the session, its task and the completion run with it released.
        let (cached, starts) = state.withLock { state -> (Image?, Bool) in
            if let image = state.cachedImageForURL[url] { return (image, false) }
            if state.downloads[url] != nil {
                state.downloads[url]?.completions[id] = completion
                return (nil, false)
            }
            state.downloads[url] = Download(starter: id, completions: [id: completion])
            return (nil, true)
        }
        if let cached {
            completion(cached, nil)
            return nil
        }
        if starts { startDownload(of: url, by: id) }
        return DownloadHandle { [weak self] in self?.cancel(id, downloading: url) }
    }

    /// Makes the task of the download `id` just started, stores it under the lock, and resumes it
    /// outside.
    private func startDownload(of url: URL, by id: UUID) {
        let task = session.makeDataTask(with: url) { [weak self] data, _, error in
            self?.finishDownload(of: url, startedBy: id, data: data, error: error)
        }
        state.withLock { $0.downloads[url]?.task = task }
        task.resume()
    }

    @MainActor
    public func setImage(on imageView: ImageView, fromURL url: URL, withPlaceholder placeholder: Image?) {
        let id = UUID()
        // From now on this is the view's request: an answer to an older one, already on its way to the
        // main queue, is ignored.
        let previous = state.withLock {
            $0.requestForImageView.updateValue(ImageViewRequest(id: id), forKey: imageView)
        }
        previous?.task?.cancel()
        imageView.image = placeholder
        let task = downloadImage(fromURL: url) { [weak self] image, _ in
            MainQueue.run {
                guard self?.finish(id, of: imageView) == true else { return }
                if let image { imageView.image = image }
            }
        }
        state.withLock { state in
            // Unless the answer came already (a cached image): then there is nothing left to cancel.
            if state.requestForImageView[imageView]?.id == id {
                state.requestForImageView[imageView]?.task = task
            }
        }
    }

    /// Ends the image view's request `id`, if it is still the view's request; says whether it was.
    private func finish(_ id: UUID, of imageView: ImageView) -> Bool {
        state.withLock { state in
            guard state.requestForImageView[imageView]?.id == id else { return false }
            state.requestForImageView[imageView] = nil
            return true
        }
    }

    /// Ends the download of `url` that `starter` began, if it is still the one running: the late answer
    /// of a cancelled download must not end a newer download of the same URL.
    private func finishDownload(of url: URL, startedBy starter: UUID, data: Data?, error: Swift.Error?) {
        let image = data.flatMap(Image.init(data:))
        let failure = image == nil ? (error ?? Error.notAnImage) : nil
        let completions = state.withLock { state -> [@Sendable (Image?, Swift.Error?) -> Void] in
            guard state.downloads[url]?.starter == starter else { return [] }
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
