import Chapter02InjectedFetcher
import Foundation

/// Records the URLs it is asked for, and never answers.
final class FetcherSpy: DataFetching {
    private(set) var requestedURLs: [URL] = []

    func fetchData(url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void) {
        requestedURLs.append(url)
    }
}
