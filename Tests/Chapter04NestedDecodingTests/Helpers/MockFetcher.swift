import Chapter04NestedDecoding
import Foundation

/// Answers every fetch at once, with the data and the error it was given.
struct MockFetcher: DataFetching {
    var mockData: Data?
    var mockError: Error?

    func fetchData(url: URL, completion: @escaping @Sendable (Data?, Error?) -> Void) {
        completion(mockData, mockError)
    }
}

/// An error a test makes up, to see where it goes.
struct FetchFailure: Error {}
