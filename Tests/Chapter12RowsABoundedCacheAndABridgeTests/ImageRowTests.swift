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

    @Test("A row given a new URL shows its picture, even when the old one arrives last")
    func aNewURLShowsOnlyTheNewPicture() async {
        let (source, loader) = HeldSource.withLoader()
        let row = ImageRow(loader: loader)
        let old = row.show(Images.dogURL)
        await source.waitForRequests(1)
        let new = row.show(Images.otherDogURL)
        await source.waitForRequests(2)

        source.answer(Images.otherDogURL, with: Images.otherDog)
        await new.value
        source.answer(Images.dogURL, with: Images.dog)
        await old.value

        #expect(row.image == Image(data: Images.otherDog))
    }

    @Test("A row given a new URL forgets the old picture, even one the loader has at hand")
    func aNewURLForgetsTheOldPicture() async {
        let (source, loader) = HeldSource.withLoader()
        let row = ImageRow(loader: loader)
        source.answer(Images.dogURL, with: Images.dog)
        await row.show(Images.dogURL).value

        let old = row.show(Images.dogURL)
        row.show(Images.otherDogURL)
        await old.value

        #expect(row.image == nil)
    }

    @Test("A row thrown away is let go at once, and its load cancelled")
    func aRowThrownAwayIsLetGo() async {
        let (source, loader) = HeldSource.withLoader()
        weak var thrownAway: ImageRow?
        let load: Task<Void, Never>
        do {
            let row = ImageRow(loader: loader)
            thrownAway = row
            load = row.show(Images.dogURL)
            await source.waitForRequests(1)
        }

        #expect(thrownAway == nil)
        #expect(load.isCancelled)
    }
}
