import Chapter12RowsABoundedCacheAndABridge
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An image source that answers each URL at once with that URL's own picture, unless the caller's
/// task is cancelled by the time it answers. It calls `asked` each time it is asked.
struct AnsweringSource: ImageDataSource {
    let pictures: [URL: Data]
    var asked: @Sendable () -> Void = {}

    func data(from url: URL) async throws -> (Data, URLResponse) {
        asked()
        await Task.yield()
        try Task.checkCancellation()
        let data = pictures[url] ?? Data()
        let response = URLResponse(
            url: url, mimeType: "image/png", expectedContentLength: data.count, textEncodingName: nil)
        return (data, response)
    }
}
