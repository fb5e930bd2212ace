import Chapter08DogListings
import Testing

@MainActor
@Suite("ListingsController", .timeLimit(.minutes(1)))
struct ListingsControllerTests {
    @MainActor
    @Suite("Milestone 8.1: the listings use the shared client")
    struct Milestone8_1 {
        @Test("The listings' network client is the shared DogPatch client by default")
        func networkClientIsTheSharedClientByDefault() {
            let sut = ListingsController()

            #expect((sut.networkClient as? DogPatchClient) === DogPatchClient.shared)
        }
    }
}

@MainActor
private func makeSUT() -> (sut: ListingsController, service: MockDogPatchService) {
    let service = MockDogPatchService()
    return (ListingsController(networkClient: service), service)
}
