import Foundation

/// Fetches the bytes at a URL.
///
/// The resource depends on this small protocol rather than on `URLSession`, so that a test can answer
/// in the network's place, at once and with exactly the data or error it needs.
public protocol DataFetching {
    /// Calls `completion` once, on the main actor, with the data, or with the error that stopped the
    /// fetch. It is asked on the main actor too, so a stand-in may answer there and then.
    @MainActor
    func fetchData(url: URL, completion: @escaping @MainActor @Sendable (Data?, Error?) -> Void)
}
