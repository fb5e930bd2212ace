import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

@Suite("Milestone 12.3: the completion-handler session, awaited", .timeLimit(.minutes(1)))
struct CompletionHandlerSourceTests {
    let session = TaskSession()
    var source: CompletionHandlerSource { CompletionHandlerSource(session: session) }

    @Test("A request starts a data task, whose first answer is the caller's, once")
    func answersOnceWithTheTasksAnswer() async throws {
        let request = Task { try await source.data(from: Images.dogURL) }
        let task = try #require(await session.waitForTask())

        task.answer(Images.dog)
        task.answer(Images.otherDog)

        #expect(try await request.value.0 == Images.dog)
        #expect(task.resumed == 1)
    }

    @Test("A cancelled caller gets CancellationError at once, and its data task is cancelled")
    func aCancelledCallerCancelsItsTask() async throws {
        let request = Task { try await source.data(from: Images.dogURL) }
        let task = try #require(await session.waitForTask())

        request.cancel()

        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(task.cancelled == 1)
    }

    @Test("A data task that answers after its caller left resumes no one: the process goes on")
    func aLateAnswerResumesNoOne() async {
        // A second resume of a continuation stops the process. In an exit test, the body runs in a
        // process of its own, so that a trap fails this test alone. The body captures nothing.
        await #expect(processExitsWith: .success) {
            let session = TaskSession()
            let request = Task {
                try await CompletionHandlerSource(session: session).data(from: Images.dogURL)
            }
            let task = try #require(await session.waitForTask())
            request.cancel()
            _ = try? await request.value

            task.answer(Images.dog)
        }
    }
}
