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
}

@MainActor
private func makeSUT(answers: [Answer] = []) -> (sut: DogsViewModel, session: SessionSpy) {
    let session = SessionSpy(answers: answers)
    return (DogsViewModel(dogService: DogService(networkService: NetworkService(session: session))), session)
}
