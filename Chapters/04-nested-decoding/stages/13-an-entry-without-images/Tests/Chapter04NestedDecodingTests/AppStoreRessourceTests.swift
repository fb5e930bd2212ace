import Chapter04NestedDecoding
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
        @Test("getTopApps reports a failed fetch as a network error")
        func getTopAppsReportsAFailedFetchAsANetworkError() {
            let calls = topAppsResult(data: nil, error: FetchFailure())

            #expect(calls.map(\.error) == [.networkError])
        }
    }

    @Suite("Milestone 3.1: no data is a network error")
    @MainActor
    struct Milestone3_1 {
        @Test("getTopApps reports a network error when the fetcher brings no data")
        func getTopAppsReportsANetworkErrorWithoutData() {
            let calls = topAppsResult(data: nil)

            #expect(calls.map(\.error) == [.networkError])
            #expect(calls.map(\.apps.count) == [0])
        }
    }

    @Suite("Milestones 3.2 to 3.5: a malformed feed is a typed error")
    @MainActor
    struct Milestone3_5 {
        @Test("getTopApps reports why a malformed feed cannot be read", arguments: MalformedFeed.all)
        func getTopAppsReportsWhyAMalformedFeedCannotBeRead(_ feed: MalformedFeed) {
            let calls = topAppsResult(data: Data(feed.json.utf8))

            #expect(calls.map(\.error) == [feed.error])
            // By name, not only by the enum's own ==, which could ignore the key and still pass.
            #expect(calls.map { $0.error?.missingKeyName } == [feed.error.missingKeyName])
            #expect(calls.map(\.apps.count) == [0])
        }
    }

    @Suite("Milestone 4.5: getTopApps delivers the apps of the feed")
    @MainActor
    struct Milestone4_5 {
        @Test("getTopApps delivers the ten apps of the French top paid feed, in order")
        func getTopAppsDeliversTheAppsOfAWholeFeed() throws {
            let calls = topAppsResult(data: try Fixture.data("top-paid-fr-2018"))

            #expect(calls.map(\.error) == [nil])
            let apps = try #require(calls.first?.apps)
            #expect(apps.count == 10)
            #expect(apps.first?.name == "Carnet de Randonnée")
            #expect(apps.last?.name == "Retouche Studio")
        }
    }

    @Suite("Milestone 4.6: real feeds decode")
    @MainActor
    struct Milestone4_6 {
        @Test("A feed whose entries have no summary decodes, with empty summaries")
        func aFeedWithoutSummariesDecodes() throws {
            let calls = topAppsResult(data: try Fixture.data("new-free-us-2020-no-summary"))

            #expect(calls.map(\.error) == [nil])
            let apps = try #require(calls.first?.apps)
            try #require(apps.count == 100)
            #expect(apps.allSatisfy { $0.summary.isEmpty && !$0.name.isEmpty && !$0.thumbImageUrl.isEmpty })
            #expect(apps[41].name == "Quote \"Keeper\" – notes & more")
        }

        @Test("An entry without images decodes, with an empty thumbnail")
        func anEntryWithoutImagesDecodes() {
            let feed = #"{"feed": {"entry": [{"im:name": {"label": "Blank"}, "im:image": []}]}}"#

            let calls = topAppsResult(data: Data(feed.utf8))

            #expect(calls.map(\.error) == [nil])
            #expect(calls.first?.apps == [App(name: "Blank", summary: "", thumbImageUrl: "")])
        }
    }

    @Suite("Milestone 3.6: a failed fetch is never read as a feed")
    @MainActor
    struct Milestone3_6 {
        @Test("getTopApps reports a network error when the fetcher fails, even with data")
        func getTopAppsReportsANetworkErrorWhenTheFetchFailsWithData() {
            let calls = topAppsResult(data: Data(#"{"feed": {"entry": []}}"#.utf8), error: FetchFailure())

            #expect(calls.map(\.error) == [.networkError])
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

/// How `getTopApps` completed when the fetcher answered with `data` and `error`.
@MainActor
private func topAppsResult(data: Data?, error: Error? = nil) -> [CompletionSpy.Call] {
    let completion = CompletionSpy()
    makeSUT(fetcher: MockFetcher(mockData: data, mockError: error)).getTopApps(
        completion: completion.complete)
    return completion.calls
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
