import Foundation
import Testing

/// The tools' tests wait on child processes, builds and sockets, most of them synchronously, as the
/// tools themselves do on their own main thread. A test body runs on Swift's cooperative threads, as
/// many as there are cores: one that blocks there starves every async test of the package, a chapter's
/// included (seen: chapter 5's and 6's, past their one-minute limit, with builds beside them on two
/// cores). So every suite of these tests runs with `.offThePool`: each job of its tasks' nonisolated
/// code, the test's body included, on a new thread of its own, which blocks nobody else's.
struct OffThePool: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            // The preference moves a task only when it is next enqueued, so the operation begins on
            // the thread that called it: a test whose runner reached its body without a suspension ran
            // there (seen once in CI, a synchronous body on a cooperative thread). A suspension first
            // puts all of the body on the preferred executor.
            await Task.yield()
            try await function()
        }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the test's body, and every job of its tasks that is not an actor's, off Swift's
    /// cooperative threads.
    static var offThePool: Self { OffThePool() }
}

/// A task executor that runs each job on a new thread, named for it: a job that blocks holds only its
/// own thread, and two jobs never wait for each other's (as they could on a fixed few).
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()
    /// Its threads' name: 15 characters at most, as Linux keeps a thread's name.
    static let threadName = "off the pool"

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        Thread.detachNewThread { [self] in
            Thread.current.name = Self.threadName
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
