import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the loader gets an image's bytes: `URLSession` in the app, a double in the tests.
public protocol ImageDataSource: Sendable {
    func data(from url: URL) async throws -> (Data, URLResponse)
}

extension ImageDataSource {
    /// Downloads the image at `url` and checks the answer.
    func image(from url: URL) async throws -> Image {
        let (data, response) = try await data(from: url)
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            throw ImageLoader.Error.status(status)
        }
        guard let image = Image(data: data) else { throw ImageLoader.Error.notAnImage }
        return image
    }
}
