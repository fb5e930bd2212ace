import Chapter10ConcurrentImageCache
import Foundation
import Testing

@Suite("Image and ImageView")
struct ImageTests {
    @Suite("Milestone 9.1: stand-ins for UIImage and UIImageView")
    struct Milestone9_1 {
        @Test("An Image is made from PNG bytes and gives them back")
        func imageIsMadeFromPNGBytes() {
            #expect(Image(data: Images.onePixelPNG)?.pngData() == Images.onePixelPNG)
        }

        @Test("An Image is not made from bytes that are no image")
        func imageIsNotMadeFromOtherBytes() {
            #expect(Image(data: Images.notAnImage) == nil)
            #expect(Image(data: Data()) == nil)
        }

        @MainActor
        @Test("Two image views are one key only when they are one object")
        func imageViewsAreKeysByIdentity() {
            let first = ImageView(image: Images.image)
            let second = ImageView(image: Images.image)

            let keys: Set<ImageView> = [first, second, first]

            #expect(keys.count == 2)
        }
    }
}
