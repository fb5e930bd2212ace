import Dispatch

/// Runs main-actor code from a completion that may come on any queue.
nonisolated enum MainQueue {
    /// A mark on the main queue, to tell whether code runs there without a trap.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Runs `body` at once when called on the main queue (the main actor's own), as the shared client
    /// answers; from any other queue, as soon as the main queue is free.
    static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if DispatchQueue.getSpecific(key: key) == true {
            MainActor.assumeIsolated(body)
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated(body) }
        }
    }
}
