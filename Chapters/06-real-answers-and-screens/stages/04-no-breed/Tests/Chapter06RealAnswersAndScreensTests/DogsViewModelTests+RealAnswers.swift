import Chapter06RealAnswersAndScreens
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DogsViewModelTests {
    @MainActor
    @Suite("Milestone 6.1: an error answer is an error the user sees")
    struct Milestone6_1 {
        @Test("A 404 answer with the API's error body shows Error loading dogs, not a parsing error")
        func notFoundAnswerShowsErrorLoadingDogs() async {
            let (sut, _) = makeSUT(answers: [.status(404, body: DogsPayloads.breedNotFound)])

            await sut.loadDogs()

            #expect(sut.error == .loadDogs)
            #expect(sut.alertTitle() == "Error loading dogs")
            #expect(sut.status == .idle)
        }
    }

    @MainActor
    @Suite("Milestone 6.2: a picture without a breed is Unknown")
    struct Milestone6_2 {
        @Test("A picture whose path holds no breed, or that is no URL, is named Unknown")
        func pictureWithoutABreedIsUnknown() async {
            let (sut, _) = makeSUT(answers: [.ok(#"{"message":["https://images.dog.ceo/dog.jpg",""]}"#)])

            await sut.loadDogs()

            #expect(loadedDogs(of: sut).map(\.name) == ["Unknown", "Unknown"])
        }
    }
}
