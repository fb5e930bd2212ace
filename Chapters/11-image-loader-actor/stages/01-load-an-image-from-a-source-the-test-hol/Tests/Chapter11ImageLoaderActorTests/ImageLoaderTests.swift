import Chapter11ImageLoaderActor
import Foundation
import Testing

// The app's screens call the loader from the main actor, and so do these tests.
@Suite("ImageLoader", .timeLimit(.minutes(1)))
struct ImageLoaderTests {
    @MainActor
    @Suite("Milestone 11.1: an image loaded off the main actor, kept, and a failure not kept")
    struct Milestone11_1 {
        @Test("Called from the main actor, the loader gives the image at its URL")
        func loadsTheImageAtItsURL() async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: Images.dog)

            let image = try await loader.image(for: Images.dogURL)

            #expect(image == Image(data: Images.dog))
            #expect(source.requests.map(\.url) == [Images.dogURL])
        }

        @Test(
            "An answer that is not an image is an error, which is not kept: the next ask tries again",
            arguments: [
                (Images.dog, 404, ImageLoader.Error.status(404)),
                (Images.notAnImage, 200, ImageLoader.Error.notAnImage),
            ])
        func aWrongAnswerIsAnError(data: Data, status: Int, error: ImageLoader.Error) async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: data, status: status)

            await #expect(throws: error) { try await loader.image(for: Images.dogURL) }
            source.answer(Images.dogURL, with: Images.dog)
            #expect(try await loader.image(for: Images.dogURL) == Image(data: Images.dog))
        }
    }
}
