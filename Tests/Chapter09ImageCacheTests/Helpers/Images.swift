import Chapter09ImageCache
import Foundation

/// Image bytes for the tests: real PNGs, one pixel and four, and bytes that are no image.
enum Images {
    static let onePixelPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4saACAAQUAeFeqnQnAAAAAElFTkSuQmCC"
        ) ?? Data()
    static let fourPixelPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAADklEQVR4nGOIAgMGCAUAHZYEObKWwgEAAAAASUVORK5CYII="
        ) ?? Data()
    static let notAnImage = Data("<html>Not Found</html>".utf8)

    static let dogURL = URL(string: "https://example.com/dogs/ruby.png") ?? URL(fileURLWithPath: "/")
    static let otherDogURL = URL(string: "https://example.com/dogs/otis.png") ?? URL(fileURLWithPath: "/")

    static var image: Image? { Image(data: onePixelPNG) }
    static var placeholder: Image? { Image(data: fourPixelPNG) }
}
