import Chapter09ImageCache
import Dispatch
import Synchronization

/// Records each call of a `getDogs` completion, and on which queue it came.
final class DogsResultSpy: Sendable {
    struct Call: Sendable {
        var dogs: [Dog]?
        var error: Error?
    }

    private let recorded = Mutex<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    func complete(_ dogs: [Dog]?, _ error: Error?) {
        recorded.withLock { $0.append(Call(dogs: dogs, error: error)) }
    }
}
