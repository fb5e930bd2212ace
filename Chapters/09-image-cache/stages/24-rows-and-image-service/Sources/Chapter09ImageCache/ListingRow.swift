/// Stands in for the book's table cell: a dog's name, and an image view for its picture.
@MainActor
public final class ListingRow {
    public let name: String
    public let imageView = ImageView()

    public init(name: String) {
        self.name = name
    }
}
