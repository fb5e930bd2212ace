import Chapter05AsyncViewModel
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("DogService", .timeLimit(.minutes(1)))
struct DogServiceTests {
    @Suite("Milestone 5.4: a failed request is a connectivity error")
    struct Milestone5_4 {
        @Test("loadDogs throws .connectivity when the request fails")
        func loadDogsThrowsConnectivityWhenTheRequestFails() async {
            let sut = makeSUT(answers: [.failure(URLError(.notConnectedToInternet))])

            await #expect(throws: NetworkService.Error.connectivity) {
                try await sut.loadDogs()
            }
        }
    }

    @Suite("Milestone 5.10: undecodable data is invalid data")
    struct Milestone5_10 {
        @Test("loadDogs throws .invalidData when the answer is not the API's JSON")
        func loadDogsThrowsInvalidDataForAnUndecodableAnswer() async {
            let sut = makeSUT(answers: [.ok(DogsPayloads.notJSON)])

            await #expect(throws: NetworkService.Error.invalidData) {
                try await sut.loadDogs()
            }
        }
    }
}

private func makeSUT(answers: [Answer]) -> DogService {
    DogService(networkService: NetworkService(session: SessionSpy(answers: answers)))
}
