import Foundation

/// Fetches the bytes at a URL.
///
/// The resource depends on this small protocol rather than on `URLSession`, so that a test can answer
/// in the network's place, at once and with exactly the data or error it needs.
public protocol DataFetching {
    /// Calls `completion` once, with the data, or with the error that stopped the fetch.
    func fetchData(url: URL, completion: @escaping @Sendable (Data?, Error?) -> Void)
}
