import Chapter03ErrorEnum
import Foundation

/// Answers every fetch at once, with the data and the error it was given. It is asked on the main
/// actor, as `DataFetching` says, so it may call the main-actor completion there and then.
struct MockFetcher: DataFetching {
    var mockData: Data?
    var mockError: Error?

    func fetchData(url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void) {
        completion(mockData, mockError)
    }
}

/// An error a test makes up, to see where it goes.
struct FetchFailure: Error {}
