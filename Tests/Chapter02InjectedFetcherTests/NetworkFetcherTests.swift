import Chapter02InjectedFetcher
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkFetcher", .serialized, .timeLimit(.minutes(1)))
struct NetworkFetcherTests {
    static let url = URL(string: "https://example.com/feed.json")

    @Suite("Milestone 2.4: NetworkFetcher fetches with URLSession", .serialized)
    struct Milestone2_4 {
        @Test("fetchData sends one GET request for the URL it is given")
        func fetchDataSendsOneGetRequestForTheURL() async throws {
            let url = try #require(NetworkFetcherTests.url)
            let sut = makeSUT(answering: .response(statusCode: 200, data: Data()))

            _ = await fetch(url, with: sut)

            #expect(URLProtocolStub.requests.map(\.url) == [url])
            #expect(URLProtocolStub.requests.map(\.httpMethod) == ["GET"])
        }

        @Test("fetchData delivers the data the server sent, and no error")
        func fetchDataDeliversTheData() async throws {
            let url = try #require(NetworkFetcherTests.url)
            let body = Data(#"{"feed":{"entry":[]}}"#.utf8)
            let sut = makeSUT(answering: .response(statusCode: 200, data: body))

            let (data, error) = await fetch(url, with: sut)

            #expect(data == body)
            #expect(error == nil)
        }

        @Test("fetchData delivers the error that stopped the request, and no data")
        func fetchDataDeliversTheError() async throws {
            let url = try #require(NetworkFetcherTests.url)
            let sut = makeSUT(answering: .failure(URLError(.notConnectedToInternet)))

            let (data, error) = await fetch(url, with: sut)

            #expect(data == nil)
            #expect((error as? URLError)?.code == .notConnectedToInternet)
        }

        @Test("fetchData gets a file from a real HTTP server on 127.0.0.1")
        func fetchDataGetsAFileOverARealSocket() async throws {
            let body = Data(#"{"feed":{"entry":[]}}"#.utf8)
            let server = try LoopbackFileServer(serving: ["feed.json": body])
            defer { server.stop() }

            let (data, error) = await fetch(
                server.baseURL.appendingPathComponent("feed.json"), with: NetworkFetcher())

            #expect(error == nil)
            #expect(data == body)
        }

        @Test("fetchData calls back on the main queue, where an app updates its screen")
        func fetchDataCallsBackOnTheMainQueue() async throws {
            let url = try #require(NetworkFetcherTests.url)
            let sut = makeSUT(answering: .response(statusCode: 200, data: Data()))
            let marker = MainQueueMarker()
            defer { marker.remove() }

            let onMainQueue = await withCheckedContinuation { continuation in
                sut.fetchData(url: url) { _, _ in continuation.resume(returning: marker.isCurrent) }
            }

            #expect(onMainQueue, "the completion ran on another queue")
        }
    }
}

/// A fetcher whose session answers every request with `answer`, and records the requests.
private func makeSUT(answering answer: URLProtocolStub.Answer) -> NetworkFetcher {
    NetworkFetcher(session: URLProtocolStub.makeSession(answering: answer))
}

/// Fetches `url` and waits for the completion, which a real fetcher always calls.
private func fetch(_ url: URL, with fetcher: NetworkFetcher) async -> (Data?, Error?) {
    await withCheckedContinuation { continuation in
        fetcher.fetchData(url: url) { data, error in continuation.resume(returning: (data, error)) }
    }
}

/// Marks the main queue, so code can ask whether it runs there. (`Thread.isMainThread` cannot tell:
/// under Swift Testing on Linux the main queue is served by a thread that is not the main thread; on
/// a Mac it is the main thread.)
private struct MainQueueMarker: Sendable {
    private let key = DispatchSpecificKey<Bool>()

    init() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func remove() {
        DispatchQueue.main.setSpecific(key: key, value: nil)
    }
}
