import Chapter05AsyncViewModel
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite("DogsViewModel", .timeLimit(.minutes(1)))
struct DogsViewModelTests {
    @MainActor
    @Suite("Milestone 5.1: a new view model is idle")
    struct Milestone5_1 {
        @Test("A new view model is idle")
        func newViewModelIsIdle() {
            #expect(makeSUT().sut.status == .idle)
        }

        @Test("A view model is released as soon as nothing holds it")
        func viewModelIsReleasedWhenNothingHoldsIt() {
            weak var weakViewModel: DogsViewModel?
            do {
                let viewModel = makeSUT().sut
                weakViewModel = viewModel
            }
            #expect(weakViewModel == nil, "something keeps the view model alive: look for a retain cycle")
        }
    }

    @MainActor
    @Suite("Milestone 5.2: loading asks for three random dogs")
    struct Milestone5_2 {
        @Test("Loading sends one request, for the Dog API's three random dogs")
        func loadingRequestsTheDogAPIOnce() async {
            let (sut, session) = makeSUT(answers: [.ok(DogsPayloads.noDogs)])

            await sut.loadDogs()

            #expect(session.requests.map(\.url) == [DogsPayloads.dogsURL])
        }
    }

    @MainActor
    @Suite("Milestone 5.3: the status is loading while the request is away")
    struct Milestone5_3 {
        @Test("While the request is away, the status is loading")
        func statusIsLoadingWhileTheRequestIsAway() async {
            let session = PendingSession()
            let sut = DogsViewModel(dogService: DogService(networkService: NetworkService(session: session)))

            async let loading: Void = sut.loadDogs()
            await session.waitForRequest()
            let statusWhileAway = sut.status
            session.answer(with: .ok(DogsPayloads.noDogs))
            await loading

            #expect(statusWhileAway == .loading)
        }
    }

    @MainActor
    @Suite("Milestone 5.5: a failed request shows Error loading dogs")
    struct Milestone5_5 {
        @Test("After a failed request, the alert says Error loading dogs")
        func failedRequestShowsErrorLoadingDogs() async {
            let (sut, _) = makeSUT(answers: [.failure(URLError(.timedOut))])

            await sut.loadDogs()

            #expect(sut.alertTitle() == "Error loading dogs")
            #expect(sut.status == .idle, "a failed load leaves nothing loading")
        }
    }

    @MainActor
    @Suite("Milestone 5.6: the user can retry")
    struct Milestone5_6 {
        @Test("Retrying after a failed request asks again")
        func retryingAfterAFailedRequestAsksAgain() async {
            let (sut, session) = makeSUT(answers: [
                .failure(URLError(.timedOut)), .failure(URLError(.timedOut)),
            ])

            await sut.loadDogs()
            await sut.retryLoadDogs()

            #expect(session.requests.count == 2)
            #expect(sut.alertTitle() == "Error loading dogs")
        }
    }

    @MainActor
    @Suite("Milestone 5.7: no dogs is a loaded, empty list")
    struct Milestone5_7 {
        @Test("A 200 answer with no dogs ends loaded, with no dogs")
        func answerWithNoDogsEndsLoadedWithNoDogs() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.noDogs)])

            await sut.loadDogs()

            #expect(sut.status == .loaded(dogs: []))
        }
    }

    @MainActor
    @Suite("Milestone 5.8: the dogs of the answer are loaded")
    struct Milestone5_8 {
        @Test("A 200 answer with three pictures ends loaded with those three dogs")
        func answerWithThreeDogsEndsLoadedWithThem() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.threeDogs)])

            await sut.loadDogs()

            #expect(loadedDogs(of: sut).map(\.url) == DogsPayloads.threeDogURLs)
        }
    }

    @MainActor
    @Suite("Milestone 5.9: a dog is named after its breed")
    struct Milestone5_9 {
        @Test("Each dog is named after the breed in its picture's path, sub-breed included")
        func dogsAreNamedAfterTheirBreed() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.threeDogs)])

            await sut.loadDogs()

            #expect(loadedDogs(of: sut).map(\.name) == ["Setter English", "Komondor", "Bulldog Boston"])
        }
    }

    @MainActor
    @Suite("Milestone 5.11: undecodable data shows Error parsing dogs")
    struct Milestone5_11 {
        @Test("After an undecodable answer, the alert says Error parsing dogs")
        func undecodableAnswerShowsErrorParsingDogs() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.notJSON)])

            await sut.loadDogs()

            #expect(sut.alertTitle() == "Error parsing dogs")
            #expect(sut.status == .idle, "a failed load leaves nothing loading")
        }

        @Test("Without an error, the alert's title is empty")
        func noErrorMeansAnEmptyAlertTitle() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.noDogs)])

            await sut.loadDogs()

            #expect(sut.alertTitle() == "")
        }
    }

    @MainActor
    @Suite("Milestone 5.12: retrying after a parsing error can succeed")
    struct Milestone5_12 {
        @Test("Retrying after an undecodable answer loads the dogs and clears the alert")
        func retryingAfterAParsingErrorLoadsTheDogs() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.notJSON), .ok(DogsPayloads.threeDogs)])

            await sut.loadDogs()
            await sut.retryLoadDogs()

            #expect(loadedDogs(of: sut).count == 3)
            #expect(sut.error == nil)
            #expect(sut.alertTitle() == "")
        }

        @Test("Any load starts afresh: loading again after an undecodable answer clears the alert")
        func loadingAgainClearsTheError() async {
            let (sut, _) = makeSUT(answers: [.ok(DogsPayloads.notJSON), .ok(DogsPayloads.noDogs)])

            await sut.loadDogs()
            await sut.loadDogs()

            #expect(sut.error == nil)
        }
    }
}

@MainActor
private func makeSUT(answers: [Answer] = []) -> (sut: DogsViewModel, session: SessionSpy) {
    let session = SessionSpy(answers: answers)
    return (DogsViewModel(dogService: DogService(networkService: NetworkService(session: session))), session)
}

/// The dogs of a loaded view model; none, when it is not loaded.
@MainActor
private func loadedDogs(of viewModel: DogsViewModel) -> [DogUI] {
    guard case .loaded(let dogs) = viewModel.status else { return [] }
    return dogs
}
