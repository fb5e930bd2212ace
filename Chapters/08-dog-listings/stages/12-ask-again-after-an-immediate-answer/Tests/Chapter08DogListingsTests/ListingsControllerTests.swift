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

        @Test("refreshData does not ask again while a request is on its way")
        func refreshDataDoesNotAskTwice() {
            let (sut, service) = makeSUT()

            sut.refreshData()
            sut.refreshData()

            #expect(service.getDogsCallCount == 1)
        }
    }

    @MainActor
    @Suite("Milestone 8.4: the answer fills the list")
    struct Milestone8_4 {
        @Test("When the dogs arrive, the task is forgotten")
        func answerClearsTheTask() throws {
            let (sut, service) = makeSUT()
            sut.refreshData()

            service.getDogsCompletion?(try DogPatchPayloads.decodedTwoDogs(), nil)

            #expect(sut.dataTask == nil)
        }

        @Test("When the dogs arrive, each becomes a row")
        func answerSetsTheViewModels() throws {
            let (sut, service) = makeSUT()
            let dogs = try DogPatchPayloads.decodedTwoDogs()
            sut.refreshData()

            service.getDogsCompletion?(dogs, nil)

            #expect(sut.viewModels == dogs.map(DogViewModel.init))
            #expect(sut.viewModels.map(\.name) == ["Ruby", "Otis"])
        }

        @Test("When the answer arrives, refreshing ends and the table reloads once")
        func answerEndsRefreshingAndReloads() throws {
            let (sut, service) = makeSUT()
            sut.refreshData()

            service.getDogsCompletion?(try DogPatchPayloads.decodedTwoDogs(), nil)

            #expect(!sut.refreshControl.isRefreshing)
            #expect(sut.tableView.reloadCount == 1)
        }
    }

    @MainActor
    @Suite("Milestone 8.3: refreshing shows")
    struct Milestone8_3 {
        @Test("refreshData starts the refresh control spinning")
        func refreshDataBeginsRefreshing() {
            let (sut, _) = makeSUT()

            sut.refreshData()

            #expect(sut.refreshControl.isRefreshing)
        }
    }

    @MainActor
    @Suite("Milestone 8.5: an answer that comes at once")
    struct Milestone8_5 {
        @Test("A client that answers before getDogs returns leaves no task behind, so refreshing asks again")
        func immediateAnswerLeavesNoTask() throws {
            let (sut, service) = makeSUT()
            service.immediateAnswer = try DogPatchPayloads.decodedTwoDogs()

            sut.refreshData()
            sut.refreshData()

            #expect(sut.dataTask == nil)
            #expect(service.getDogsCallCount == 2)
            #expect(sut.viewModels.map(\.name) == ["Ruby", "Otis"])
        }
    }
}

@MainActor
private func makeSUT() -> (sut: ListingsController, service: MockDogPatchService) {
    let service = MockDogPatchService()
    return (ListingsController(networkClient: service), service)
}
