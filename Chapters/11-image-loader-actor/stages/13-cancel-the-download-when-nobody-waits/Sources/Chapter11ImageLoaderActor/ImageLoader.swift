import Foundation

/// Loads the listings' pictures: keeps each by its URL, downloads each URL once however many callers
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
        var task: Task<Void, Never>?
        var callers: [UUID: Reply] = [:]
    }

    private let source: any ImageDataSource
    private var cache: [URL: Image] = [:]
    private var downloads: [URL: Download] = [:]

    public init(source: any ImageDataSource) {
        self.source = source
    }

    public func image(for url: URL) async throws -> Image {
        if let image = cache[url] { return image }
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
        download.task = Task { [source] in
            do {
                finish(url, with: .success(try await source.image(from: url)))
            } catch {
                finish(url, with: .failure(error))
            }
        }
        return download
    }

    private func finish(_ url: URL, with result: Result<Image, any Swift.Error>) {
        guard let download = downloads.removeValue(forKey: url) else { return }
        if case .success(let image) = result { cache[url] = image }
        for reply in download.callers.values {
            reply.yield(result)
            reply.finish()
        }
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
