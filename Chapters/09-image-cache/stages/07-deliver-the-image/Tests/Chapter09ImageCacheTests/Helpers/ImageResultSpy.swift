import Chapter09ImageCache
import Synchronization

/// Records each call of a `downloadImage` completion.
final class ImageResultSpy: Sendable {
    struct Call: Sendable {
        var image: Image?
        var error: Error?
    }

    private let recorded = Mutex<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    func complete(_ image: Image?, _ error: Error?) {
        recorded.withLock { $0.append(Call(image: image, error: error)) }
    }
}
