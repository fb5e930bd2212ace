import Foundation

/// Gives you the App Store's top apps.
///
/// "Ressource", with two s, is the spelling of the tutorial this chapter follows; the workbook keeps
/// it so that you can read both side by side.
public final class AppStoreRessource {
    private let datafetcher: any DataFetching

    /// Makes a resource that fetches with `datafetcher`: `NetworkFetcher()` in an app, a stand-in in tests.
    public init(datafetcher: any DataFetching) {
        self.datafetcher = datafetcher
    }

    /// Calls `completion` once, with the top apps or with the error that stopped them.
    ///
    /// The skeleton has no apps to give yet: it completes at once with none and no error.
    public func getTopApps(completion: ([App], Error?) -> Void) {
        completion([], nil)
    }
}
