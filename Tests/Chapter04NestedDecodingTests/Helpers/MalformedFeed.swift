import Chapter04NestedDecoding
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
        MalformedFeed(
            name: "an entry without a name (4.7)", json: #"{"feed": {"entry": [{"im:image": []}]}}"#,
            error: .decodingKeyNotFound(key: Key("im:name"))),
        MalformedFeed(
            name: "icons that are an object, not a list (4.7)",
            json: #"{"feed": {"entry": [{"im:name": {"label": "A"}, "im:image": {}}]}}"#,
            error: .decodingTypeMismatch),
        MalformedFeed(
            name: "a name that is a number (4.7)",
            json: #"{"feed": {"entry": [{"im:name": {"label": 7}, "im:image": []}]}}"#,
            error: .decodingTypeMismatch),
        MalformedFeed(
            name: "JSON cut short (4.7)", json: #"{"feed": {"entry": [{"im:name": {"lab"#,
            error: .otherDecodingError),
        MalformedFeed(name: "no bytes at all (4.7)", json: "", error: .otherDecodingError),
    ]
}

extension RessourceError {
    /// The name of the missing key, for a `.decodingKeyNotFound`; nil for any other error.
    var missingKeyName: String? {
        guard case .decodingKeyNotFound(let key) = self else { return nil }
        return key.stringValue
    }
}
