import Chapter06NetworkClient
import Testing

@MainActor
@Suite("ListingsController", .timeLimit(.minutes(1)))
struct ListingsControllerTests {
    @MainActor
    @Suite("Milestone 6.9: the listings use the shared client")
    struct Milestone6_9 {
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
