import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

// In this module `Image` starts out isolated to the main actor, as all its code does by default, so
// its tests run there too.
@MainActor
@Suite("Image")
struct ImageTests {
    @Test("An Image is made from PNG bytes and gives them back")
    func imageIsMadeFromPNGBytes() {
        #expect(Image(data: Images.dog)?.pngData() == Images.dog)
    }

    @Test("An Image is not made from bytes that are no image")
    func imageIsNotMadeFromOtherBytes() {
        #expect(Image(data: Images.notAnImage) == nil)
        #expect(Image(data: Data()) == nil)
    }
}
