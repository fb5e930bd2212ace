import Synchronization
import Testing

/// A trait that fails each test of a suite whose tracked objects are still alive when the test
/// ends: a cycle, or a closure someone still holds, keeps what the test made.
struct LeakCheck: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    // `@concurrent`: the requirement's signature under Approachable Concurrency too.
    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        let tracker = LeakTracker()
        // A test that throws is checked too.
        defer { tracker.recordSurvivors() }
        try await LeakTracker.$current.withValue(tracker) { try await function() }
    }
}

extension Trait where Self == LeakCheck {
    /// Each test fails if an object it gave `trackForLeaks(_:)` outlives it.
    static var leakChecked: Self { Self() }
}

/// Fails the running test, once it ends, if `object` is still alive then. The suite must be
/// `.leakChecked`.
func trackForLeaks(_ object: any AnyObject & Sendable, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let tracker = LeakTracker.current else {
        Issue.record("trackForLeaks needs a .leakChecked suite", sourceLocation: sourceLocation)
        return
    }
    tracker.track(object, at: sourceLocation)
}

/// The objects one test tracks, held weakly, and where the test tracked them.
final class LeakTracker: Sendable {
    @TaskLocal static var current: LeakTracker?

    private struct Entry: Sendable {
        weak var object: (any AnyObject & Sendable)?
        let typeName: String
        let sourceLocation: SourceLocation
    }

    private let entries = Mutex<[Entry]>([])

    func track(_ object: any AnyObject & Sendable, at sourceLocation: SourceLocation) {
        let entry = Entry(object: object, typeName: "\(type(of: object))", sourceLocation: sourceLocation)
        entries.withLock { $0.append(entry) }
    }

    /// Records an issue for each tracked object still alive, where the test tracked it.
    func recordSurvivors() {
        let survivors = entries.withLock { entries in entries.filter { $0.object != nil } }
        for survivor in survivors {
            Issue.record(
                "\(survivor.typeName) is still alive after the test: something still holds it",
                sourceLocation: survivor.sourceLocation)
        }
    }
}
