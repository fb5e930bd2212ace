/// Stands in for `UIImageView`: shows an image. Two image views are the same only when they are the
/// same object, so that a client can keep a task for each.
@MainActor
public final class ImageView: nonisolated Hashable {
    public var image: Image?

    public init(image: Image? = nil) {
        self.image = image
    }

    public nonisolated static func == (lhs: ImageView, rhs: ImageView) -> Bool {
        lhs === rhs
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
