import Chapter09ImageCache
import Foundation

/// Records each call of `setImage`; downloads nothing.
@MainActor
final class MockImageService: ImageService {
    struct SetImageCall {
        var imageView: ImageView
        var url: URL
        var placeholder: Image?
    }

    private(set) var setImageCalls: [SetImageCall] = []

    nonisolated func downloadImage(fromURL url: URL, completion: @escaping @Sendable (Image?, Error?) -> Void)
        -> (any URLSessionTaskProtocol)?
    {
        nil
    }

    func setImage(on imageView: ImageView, fromURL url: URL, withPlaceholder placeholder: Image?) {
        setImageCalls.append(SetImageCall(imageView: imageView, url: url, placeholder: placeholder))
    }
}
