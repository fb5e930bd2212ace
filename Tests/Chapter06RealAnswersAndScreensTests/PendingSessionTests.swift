import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The double the view model's tests lean on, tried on its own: a request waits for the test's answer.
@Suite("PendingSession", .timeLimit(.minutes(1)))
struct PendingSessionTests {
    @Test("A request waits until the test answers it, then gets that answer")
    func requestWaitsForItsAnswer() async throws {
        let session = PendingSession()
        async let answer = session.data(request: URLRequest(url: DogsPayloads.dogsURL))
        await session.waitForRequest()

        session.answer(with: .ok("[]"))

        let (data, response) = try await answer
        #expect(data == Data("[]".utf8))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("A failure the test answers with is thrown to the caller")
    func failureIsThrownToTheCaller() async {
        let session = PendingSession()
        let answer = Task { try await session.data(request: URLRequest(url: DogsPayloads.dogsURL)) }
        await session.waitForRequest()

        session.answer(with: .failure(URLError(.notConnectedToInternet)))

        // #expect(throws:) returns the error it caught (Swift 6.1), for the test to look inside.
        let error = await #expect(throws: URLError.self) { try await answer.value }
        #expect(error?.code == .notConnectedToInternet)
    }
}
