import Chapter03ErrorEnum
import Testing

/// A payload that is not a readable feed, and the error `getTopApps` must report for it.
struct MalformedFeed: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var error: RessourceError

    var testDescription: String { name }

    static let all = [
        MalformedFeed(
            name: "an empty object has no feed (3.2)", json: "{}",
            error: .decodingKeyNotFound(key: Key("feed"))),
        MalformedFeed(
            name: "a feed without entries (3.3)", json: #"{"feed": {}}"#,
            error: .decodingKeyNotFound(key: Key("entry"))),
        MalformedFeed(
            name: "entries that are an object, not a list (3.4)", json: #"{"feed": {"entry": {}}}"#,
            error: .decodingTypeMismatch),
        MalformedFeed(
            name: "an HTML page sent with a 200, where the feed belongs",
            json: "<html><body>Sign in to use this network</body></html>",
            error: .otherDecodingError),
    ]
}

extension RessourceError {
    /// The name of the missing key, for a `.decodingKeyNotFound`; nil for any other error.
    var missingKeyName: String? {
        guard case .decodingKeyNotFound(let key) = self else { return nil }
        return key.stringValue
    }
}
