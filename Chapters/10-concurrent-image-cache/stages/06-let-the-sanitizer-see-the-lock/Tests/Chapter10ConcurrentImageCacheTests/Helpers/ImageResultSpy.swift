import Chapter10ConcurrentImageCache

/// Records each call of a `downloadImage` completion.
final class ImageResultSpy: Sendable {
    struct Call: Sendable {
        var image: Image?
        var error: Error?
    }

    private let recorded = Locked<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    func complete(_ image: Image?, _ error: Error?) {
        recorded.withLock { $0.append(Call(image: image, error: error)) }
    }
}
