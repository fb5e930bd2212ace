import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

@MainActor
@Suite("Milestone 12.1: a reused row shows only its new picture", .timeLimit(.minutes(1)))
struct ImageRowTests {
    @Test("A row shows the picture of its URL")
    func showsThePictureOfItsURL() async {
        let (source, loader) = HeldSource.withLoader()
        let row = ImageRow(loader: loader)
        source.answer(Images.dogURL, with: Images.dog)

        await row.show(Images.dogURL).value

        #expect(row.image == Image(data: Images.dog))
    }
}
