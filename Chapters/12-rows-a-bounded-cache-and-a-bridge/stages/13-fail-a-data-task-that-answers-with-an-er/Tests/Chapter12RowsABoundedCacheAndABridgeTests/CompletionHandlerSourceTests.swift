import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    @Test("A data task that answers with an error fails with it, even with data and a response")
    func anErrorFailsEvenWithData() async throws {
        let request = Task { try await source.data(from: Images.dogURL) }
        let task = try #require(await session.waitForTask())

        let response = HTTPURLResponse(
            url: Images.dogURL, statusCode: 200, httpVersion: nil, headerFields: nil)
        task.completion(Images.dog, response, URLError(.networkConnectionLost))

        await #expect(throws: URLError(.networkConnectionLost)) { try await request.value }
    }

    @Test("A cancelled caller gets CancellationError at once, and its data task is cancelled")
    func aCancelledCallerCancelsItsTask() async throws {
        let request = Task { try await source.data(from: Images.dogURL) }
        let task = try #require(await session.waitForTask())

        request.cancel()

        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(task.cancelled == 1)
    }
}
