import Foundation
import Testing

@Suite("A suite .offThePool runs its tests off Swift's cooperative threads", .offThePool)
struct OffThePoolTests {
    @Test("A synchronous test's body runs on a thread of its own")
    func synchronousBody() {
        #expect(Thread.current.name == ThreadPerJobExecutor.threadName)
    }

    @Test("What an async test's body does between its waits runs on a thread of its own")
    func asynchronousBody() async {
        await Task.yield()
        #expect(Self.threadName() == ThreadPerJobExecutor.threadName)
    }

    /// The current thread's name, read where reading it is allowed: outside an async function.
    static func threadName() -> String? { Thread.current.name }
}
