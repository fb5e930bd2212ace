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
}

private func makeSUT(answers: [Answer]) -> DogService {
    DogService(networkService: NetworkService(session: SessionSpy(answers: answers)))
}
