import Foundation

/// Loads the listings' pictures: keeps the recent ones, downloads each URL once however many callers
/// ask for it at once, and lets a cancelled caller leave at once.
public actor ImageLoader {
    public enum Error: Swift.Error, Equatable {
        /// The server answered with this status, not 2xx.
        case status(Int)
        /// The answer's bytes are not an image.
        case notAnImage
    }

    private typealias Reply = AsyncStream<Result<Image, any Swift.Error>>.Continuation

    /// A download, and the callers waiting for it by their ids.
    private struct Download {
        let id = UUID()
        var task: Task<Void, Never>?
        var callers: [UUID: Reply] = [:]

        /// Gives the result to every caller waiting, and ends each one's stream of one answer.
        func answer(with result: Result<Image, any Swift.Error>) {
            for reply in callers.values {
                reply.yield(result)
                reply.finish()
            }
        }
    }

    private let source: any ImageDataSource
    private var cache: ImageCache
    private var downloads: [URL: Download] = [:]

    public init(source: any ImageDataSource, costLimit: Int) {
        self.source = source
        cache = ImageCache(costLimit: costLimit)
    }

    /// The bytes of the images kept now, never more than the cost limit.
    public var cachedBytes: Int { cache.totalCost }

    /// Forgets every image kept, as an app does when the system warns that memory is low; downloads
    /// under way go on, and what they bring is kept again.
    public func removeAllImages() {
        cache = ImageCache(costLimit: cache.costLimit)
    }

    public func image(for url: URL) async throws -> Image {
        if let image = cache.image(for: url) { return image }
        let caller = UUID()
        // A stream of one answer, because its loop ends at once when this caller's task is cancelled.
        let (answer, reply) = AsyncStream.makeStream(of: Result<Image, any Swift.Error>.self)
        join(url, as: caller, reply: reply)
        for await result in answer { return try result.get() }
        leave(url, caller: caller)
        throw CancellationError()
    }

    /// Nothing here awaits: no other caller can come between the look at `downloads` and the change.
    private func join(_ url: URL, as caller: UUID, reply: Reply) {
        var download = downloads[url] ?? startDownload(of: url)
        download.callers[caller] = reply
        downloads[url] = download
    }

    private func startDownload(of url: URL) -> Download {
        var download = Download()
        // It holds the loader weakly: a download its source never ends must not keep the loader alive.
        download.task = Task { [weak self, source, id = download.id] in
            let result: Result<Image, any Swift.Error>
            do {
                result = .success(try await source.image(from: url))
            } catch {
                result = .failure(error)
            }
            await self?.finish(url, id: id, with: result)
        }
        return download
    }

    /// A download cancelled since, whose answer comes late, is no longer `url`'s: it changes nothing.
    private func finish(_ url: URL, id: UUID, with result: Result<Image, any Swift.Error>) {
        guard let download = downloads[url], download.id == id else { return }
        downloads[url] = nil
        if case .success(let image) = result { cache.insert(image, for: url) }
        download.answer(with: result)
    }

    /// The download stops when its last caller leaves.
    private func leave(_ url: URL, caller: UUID) {
        guard var download = downloads[url], download.callers.removeValue(forKey: caller) != nil
        else { return }
        if download.callers.isEmpty {
            download.task?.cancel()
            downloads[url] = nil
        } else {
            downloads[url] = download
        }
    }
}
