import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the loader gets an image's bytes: `URLSession` in the app, a double in the tests.
///
/// In this module a protocol is isolated to the main actor unless it says otherwise, and so is every
/// call through it: `nonisolated` lets each source be asked where its caller runs.
nonisolated public protocol ImageDataSource: Sendable {
    func data(from url: URL) async throws -> (Data, URLResponse)
}

extension ImageDataSource {
    /// Downloads the image at `url` and checks the answer, off every actor: `@concurrent`, or it would
    /// run on the main actor, as everything in this module does by default.
    @concurrent func image(from url: URL) async throws -> Image {
        let (data, response) = try await data(from: url)
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            throw ImageLoader.Error.status(status)
        }
        guard let image = Image(data: data) else { throw ImageLoader.Error.notAnImage }
        return image
    }
}
