import Chapter04NestedDecoding
import Foundation
import Testing

@testable import TopAppsDemo

@Suite("TopAppsDemo")
struct TopAppsDemoTests {
    @Test(
        "The command line reads as the bundled feed, the live one or help; anything else is an error",
        arguments: [
            ([], TopAppsDemo.Command.show(.bundled)), (["--live"], .show(.live)), (["--help"], .help),
        ])
    func commandLineIsRead(arguments: [String], command: TopAppsDemo.Command) throws {
        #expect(try TopAppsDemo.parse(arguments) == command)
    }

    @Test("A wrong command line is one sentence and exit status 2")
    func wrongCommandLineIsRejected() async {
        var errors: [String] = []

        let status = await TopAppsDemo.main(
            arguments: ["--fast"], print: { _ in }, printError: { errors.append($0) })

        #expect(status == 2)
        #expect(
            errors == [
                "top-apps: top-apps takes --live or nothing, not '--fast' (top-apps --help says more)."
            ])
    }

    @Test("The bundled feed arrives over 127.0.0.1 through NetworkFetcher, ten apps in order")
    func bundledFeedArrivesThroughTheNetworkPath() async throws {
        let (apps, origin) = try await TopAppsDemo.topApps(from: .bundled)

        #expect(apps.count == 10)
        #expect(apps.first?.name == "Carnet de Randonnée")
        #expect(origin.hasPrefix("the bundled feed, served on 127.0.0.1:"))
    }

    @Test("Each app is printed with its rank and name, and its thumbnail below")
    func appsAreRenderedWithRankNameAndThumbnail() {
        let apps = [
            App(name: "Pages", summary: "", thumbImageUrl: "https://example.com/53.png"),
            App(name: "Blank", summary: "", thumbImageUrl: ""),
        ]

        #expect(
            TopAppsDemo.render(apps, origin: "a test")
                == [
                    "The top 2 paid apps of the French App Store, from a test:",
                    " 1. Pages", "    https://example.com/53.png",
                    " 2. Blank", "    (no thumbnail)",
                ])
    }

    @Test("The redirecting fetcher keeps the path and query, and changes only the server")
    @MainActor
    func redirectingFetcherKeepsPathAndQuery() throws {
        let spy = URLRecorder()
        let server = try #require(URL(string: "http://127.0.0.1:8080"))
        let fetcher = RedirectingFetcher(server: server, wrapped: spy)

        fetcher.fetchData(url: AppStoreRessource.feedURL) { _, _ in }

        #expect(
            spy.urls.map(\.absoluteString) == [
                "http://127.0.0.1:8080/fr/rss/toppaidapplications/limit=10/json"
            ])
    }
}

/// Records the URLs it is asked for, and never answers.
private final class URLRecorder: DataFetching {
    private(set) var urls: [URL] = []

    func fetchData(url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void) {
        urls.append(url)
    }
}
