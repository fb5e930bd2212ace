import Chapter07NetworkClient
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionProtocol", .serialized, .timeLimit(.minutes(1)))
struct URLSessionProtocolTests {
    @Suite("Milestone 7.2: URLSession and its tasks are the protocols' real side", .serialized)
    struct Milestone7_2 {
        @Test("A URLSession, through the protocol, makes a task that fetches its URL once resumed")
        func urlSessionMakesATaskThatFetchesItsURL() async throws {
            let url = try #require(URL(string: "https://example.com/api/v1/dogs"))
            let session: any URLSessionProtocol = URLProtocolStub.makeSession(
                answering: .response(statusCode: 200, data: Data("[]".utf8)))

            let data = await withCheckedContinuation { continuation in
                session.makeDataTask(with: url) { data, _, _ in continuation.resume(returning: data) }
                    .resume()
            }

            #expect(data == Data("[]".utf8))
            #expect(URLProtocolStub.requests.map(\.url) == [url])
        }
    }
}
