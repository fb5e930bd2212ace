import Synchronization

/// A `Mutex` whose ordering ThreadSanitizer can see.
///
/// On Linux, `Mutex` waits on a futex, which ThreadSanitizer does not watch: it reports the accesses a
/// `Mutex` keeps apart as races, and a real race would hide among them. An atomic acquire at the start of
/// each critical section, and a release at its end, tell it the order the lock already guarantees.
nonisolated public final class Locked<State: Sendable>: Sendable {
    private let mutex: Mutex<State>
    private let handshake = Atomic<Int>(0)

    public init(_ state: State) {
        mutex = Mutex(state)
    }

    public func withLock<Result: Sendable>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try mutex.withLock { state in
            _ = handshake.load(ordering: .acquiring)
            defer { handshake.store(0, ordering: .releasing) }
            return try body(&state)
        }
    }
}
