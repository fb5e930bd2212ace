import Chapter02InjectedFetcher
import Foundation
import Testing

@Suite("AppStoreRessource", .timeLimit(.minutes(1)))
struct AppStoreRessourceTests {
    @Suite("Milestones 1.1 and 2.1: the resource exists, made with its fetcher")
    struct Milestone1_1 {
        @Test("A new resource is released as soon as nothing holds it")
        func newResourceIsReleasedWhenNothingHoldsIt() {
            weak var weakResource: AppStoreRessource?
            do {
                let resource = makeSUT()
                weakResource = resource
            }
            #expect(weakResource == nil, "something keeps the resource alive: look for a retain cycle")
        }
    }

    @Suite("Milestone 1.2: getTopApps calls its completion")
    @MainActor
    struct Milestone1_2 {
        @Test("getTopApps calls its completion exactly once")
        func getTopAppsCallsItsCompletionExactlyOnce() async {
            let sut = makeSUT()
            await confirmation("getTopApps called its completion") { completionCalled in
                sut.getTopApps { _, _ in completionCalled() }
            }
        }
    }

    @Suite("Milestone 2.2: getTopApps asks for the feed")
    @MainActor
    struct Milestone2_2 {
        @Test("getTopApps asks the fetcher for the top-apps feed, once")
        func getTopAppsAsksForTheFeedOnce() throws {
            let fetcher = FetcherSpy()
            let sut = makeSUT(fetcher: fetcher)

            sut.getTopApps { _, _ in }

            let feedURL = try #require(
                URL(string: "https://itunes.apple.com/fr/rss/toppaidapplications/limit=10/json"))
            #expect(fetcher.requestedURLs == [feedURL])
        }
    }

    @Suite("Milestone 2.3: getTopApps answers with what the fetcher brings")
    @MainActor
    struct Milestone2_3 {
        @Test("getTopApps passes the fetcher's error on")
        func getTopAppsPassesTheFetchersErrorOn() {
            let completion = CompletionSpy()
            let sut = makeSUT(fetcher: MockFetcher(mockError: FetchFailure()))

            sut.getTopApps(completion: completion.complete)

            #expect(completion.calls.count == 1)
            #expect(completion.calls.first?.error is FetchFailure)
        }
    }

    @Suite("Milestone 2.5: a screen on the main actor keeps the answer")
    @MainActor
    struct Milestone2_5 {
        @Test("A screen on the main actor keeps getTopApps' answer in its completion, with no hop of its own")
        func aScreenOnTheMainActorKeepsTheAnswer() {
            let screen = TopAppsScreen(resource: makeSUT(fetcher: MockFetcher(mockError: FetchFailure())))

            screen.load()

            #expect(screen.error != nil, "the screen kept no error")
        }
    }
}

private func makeSUT(fetcher: any DataFetching = MockFetcher()) -> AppStoreRessource {
    AppStoreRessource(datafetcher: fetcher)
}

/// What an app's screen does with the resource: it lives on the main actor, and keeps the answer.
@MainActor
private final class TopAppsScreen {
    private let resource: AppStoreRessource
    private(set) var apps: [App] = []
    private(set) var error: Error?

    init(resource: AppStoreRessource) {
        self.resource = resource
    }

    func load() {
        resource.getTopApps { [weak self] apps, error in
            self?.apps = apps
            self?.error = error
        }
    }
}
