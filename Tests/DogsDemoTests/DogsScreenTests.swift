import Chapter06RealAnswersAndScreens
import Foundation
import Synchronization
import Testing

@testable import DogsDemo

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite("DogsScreen")
struct DogsScreenTests {
    @Test("Idle, the screen shows its title and nothing else")
    func idleShowsNothing() {
        let (viewModel, _) = makeViewModel()

        #expect(DogsScreen.render(viewModel) == ["== Dogs =="])
    }

    @Test("While the request is away, the screen says it is loading")
    func loadingShowsALine() async {
        let (viewModel, session) = makeViewModel()

        async let load: Void = viewModel.loadDogs()
        await session.waitForRequest()
        let frame = DogsScreen.render(viewModel)
        session.answer(status: 200, body: #"{"message":[]}"#)
        await load

        #expect(frame == ["== Dogs ==", "Loading dogs…"])
    }

    @Test("Loaded, the screen shows a line per dog, its breed and its picture")
    func loadedShowsEachDog() async {
        let (viewModel, session) = makeViewModel()

        async let load: Void = viewModel.loadDogs()
        await session.waitForRequest()
        session.answer(
            status: 200, body: #"{"message":["https:\/\/images.dog.ceo\/breeds\/komondor\/k.jpg"]}"#)
        await load

        #expect(
            DogsScreen.render(viewModel) == [
                "== Dogs ==", "• Komondor  https://images.dog.ceo/breeds/komondor/k.jpg",
            ])
    }

    @Test("After a failure, the screen shows the alert and its RETRY action")
    func failureShowsTheAlert() async {
        let (viewModel, session) = makeViewModel()

        async let load: Void = viewModel.loadDogs()
        await session.waitForRequest()
        session.answer(status: 500, body: "{}")
        await load

        #expect(DogsScreen.render(viewModel) == ["== Dogs ==", "┌ Error loading dogs", "└ [R] RETRY"])
    }
}

@MainActor
private func makeViewModel() -> (DogsViewModel, HeldSession) {
    let session = HeldSession()
    return (DogsViewModel(dogService: DogService(networkService: NetworkService(session: session))), session)
}

/// Holds each request until the test answers it.
private final class HeldSession: AsyncAwait {
    private let held = Mutex<(URLRequest, CheckedContinuation<(Data, URLResponse), any Error>)?>(nil)
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    func data(request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            held.withLock { $0 = (request, continuation) }
            arrival.yield()
        }
    }

    func waitForRequest() async {
        for await _ in arrivals { return }
    }

    func answer(status: Int, body: String) {
        guard let (request, continuation) = held.withLock({ $0.take() }), let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        else { return }
        continuation.resume(returning: (Data(body.utf8), response))
    }
}
