import Chapter08DogListings
import Foundation
import Testing

@MainActor
@Suite("ListingsController", .leakChecked, .timeLimit(.minutes(1)))
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

    @MainActor
    @Suite("Milestone 8.6: a failed refresh keeps the list and says why")
    struct Milestone8_6 {
        @Test("A failed refresh keeps the dogs shown, and keeps the error for the screen")
        func failedRefreshKeepsTheListAndTheError() throws {
            let (sut, service) = makeSUT()
            sut.refreshData()
            service.getDogsCompletion?(try DogPatchPayloads.decodedTwoDogs(), nil)

            sut.refreshData()
            service.getDogsCompletion?(nil, URLError(.notConnectedToInternet))

            #expect(sut.viewModels.map(\.name) == ["Ruby", "Otis"])
            #expect((sut.refreshError as? URLError)?.code == .notConnectedToInternet)
            #expect(!sut.refreshControl.isRefreshing)
        }

        @Test("A refresh that succeeds clears the error of the one before")
        func successfulRefreshClearsTheError() throws {
            let (sut, service) = makeSUT()
            sut.refreshData()
            service.getDogsCompletion?(nil, URLError(.notConnectedToInternet))

            sut.refreshData()
            service.getDogsCompletion?(try DogPatchPayloads.decodedTwoDogs(), nil)

            #expect(sut.refreshError == nil)
            #expect(sut.viewModels.count == 2)
        }
    }

    @MainActor
    @Suite("Milestone 8.7: the listings ask when they appear")
    struct Milestone8_7 {
        @Test("When the listings appear, they ask for the dogs and start spinning")
        func appearingAsksForTheDogs() {
            let (sut, service) = makeSUT()

            sut.appear()

            #expect(service.getDogsCallCount == 1)
            #expect(sut.refreshControl.isRefreshing)
        }
    }

    @MainActor
    @Suite("Milestone 8.8: an answer from any queue")
    struct Milestone8_8 {
        @Test("An answer that comes on another queue fills the list, on the main actor")
        func answerOnAnotherQueueFillsTheList() async throws {
            let (sut, service) = makeSUT()
            let dogs = try DogPatchPayloads.decodedTwoDogs()
            sut.refreshData()
            let completion = try #require(service.getDogsCompletion)

            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    completion(dogs, nil)
                    continuation.resume()
                }
            }
            await mainQueueIsDrained()

            #expect(sut.viewModels.map(\.name) == ["Ruby", "Otis"])
            #expect(!sut.refreshControl.isRefreshing)
        }
    }

    @MainActor
    @Suite("Milestone 8.9: a list that goes away is let go")
    struct Milestone8_9 {
        @Test("A list closed while its refresh is away is released, and the late answer stops nothing")
        func listClosedWhileRefreshingIsReleased() throws {
            let service = MockDogPatchService()
            weak var weakList: ListingsController?
            do {
                let list = ListingsController(networkClient: service)
                weakList = list
                list.refreshData()
            }

            #expect(weakList == nil, "the client keeps the list alive through the completion it holds")
            service.getDogsCompletion?(try DogPatchPayloads.decodedTwoDogs(), nil)
        }
    }
}

@MainActor
private func makeSUT(
    sourceLocation: SourceLocation = #_sourceLocation
) -> (sut: ListingsController, service: MockDogPatchService) {
    let service = MockDogPatchService()
    let sut = ListingsController(networkClient: service)
    trackForLeaks(sut, sourceLocation: sourceLocation)
    return (sut, service)
}
