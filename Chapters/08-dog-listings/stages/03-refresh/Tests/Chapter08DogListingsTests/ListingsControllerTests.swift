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

    @MainActor
    @Suite("Milestone 8.2: refreshing asks once at a time")
    struct Milestone8_2 {
        @Test("refreshData asks the client for the dogs and keeps the task")
        func refreshDataAsksAndKeepsTheTask() {
            let (sut, service) = makeSUT()

            sut.refreshData()

            #expect(service.getDogsCallCount == 1)
            #expect(sut.dataTask as AnyObject === service.task)
        }
    }
}

@MainActor
private func makeSUT() -> (sut: ListingsController, service: MockDogPatchService) {
    let service = MockDogPatchService()
    return (ListingsController(networkClient: service), service)
}
