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
        async let answer = session.data(request: URLRequest(url: DogsPayloads.dogsURL))
        await session.waitForRequest()

        session.answer(with: .failure(URLError(.notConnectedToInternet)))

        do {
            _ = try await answer
            Issue.record("the request got an answer, but the test answered with a failure")
        } catch {
            #expect((error as? URLError)?.code == .notConnectedToInternet)
        }
    }
}
