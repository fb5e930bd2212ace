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
}
