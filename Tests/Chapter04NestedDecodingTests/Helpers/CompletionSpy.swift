import Chapter04NestedDecoding
import Synchronization

/// Records every call of a `getTopApps` completion, so that a test can check how often it came and
/// with what. The completion is `@Sendable`, so the record sits behind a `Mutex`.
final class CompletionSpy: Sendable {
    struct Call: Sendable {
        var apps: [App]
        var error: RessourceError?
    }

    private let recorded = Mutex<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    func complete(_ apps: [App], _ error: RessourceError?) {
        recorded.withLock { $0.append(Call(apps: apps, error: error)) }
    }
}
