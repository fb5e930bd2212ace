/// Why `getTopApps` could not give you the top apps.
public enum RessourceError: Error, Equatable {
    /// The fetch failed, or brought no data.
    case networkError
    /// The feed lacks a key it must have: `key` names it.
    case decodingKeyNotFound(key: any CodingKey)
    /// A value in the feed is of another type than its place says: an object where a list belongs.
    case decodingTypeMismatch
    /// The bytes are not the feed at all: not JSON, or JSON that fails in another way.
    case otherDecodingError

    /// Two errors are equal when they are the same case; two missing keys, when they have the same name.
    public static func == (lhs: RessourceError, rhs: RessourceError) -> Bool {
        switch (lhs, rhs) {
        case (.networkError, .networkError), (.decodingTypeMismatch, .decodingTypeMismatch),
            (.otherDecodingError, .otherDecodingError):
            return true
        case (.decodingKeyNotFound(let left), .decodingKeyNotFound(let right)):
            return left.stringValue == right.stringValue
        default:
            return false
        }
    }
}

extension RessourceError {
    /// How a failure to decode the feed reaches the caller: a missing key by its name, anything else as
    /// `.otherDecodingError`.
    init(decoding error: any Error) {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            self = .decodingKeyNotFound(key: key)
        default:
            self = .otherDecodingError
        }
    }
}
