import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("LoopbackServer")
struct LoopbackServerTests {
    @Test("It answers a path with its body and status, over a real socket on 127.0.0.1")
    func answersAPathWithItsResponse() async throws {
        let server = try LoopbackServer(routes: ["/feed": [.init(body: Data(#"{"ok":true}"#.utf8))]])
        defer { server.stop() }

        let (data, status) = try await get(server.baseURL.appendingPathComponent("feed"))

        #expect(server.baseURL.host == "127.0.0.1")
        #expect(status == 200)
        #expect(data == Data(#"{"ok":true}"#.utf8))
        #expect(server.requests == ["GET /feed"])
    }

    @Test("It gives a path's responses in order, then repeats the last one")
    func givesResponsesInOrderThenRepeatsTheLast() async throws {
        let server = try LoopbackServer(routes: [
            "/dogs": [.init(status: 500, body: Data("down".utf8)), .init(body: Data("up".utf8))]
        ])
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("dogs")

        let statuses = [try await get(url).status, try await get(url).status, try await get(url).status]

        #expect(statuses == [500, 200, 200])
    }

    @Test("It answers a path it does not know with 404")
    func answersAnUnknownPathWith404() async throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }

        let (_, status) = try await get(server.baseURL.appendingPathComponent("nowhere"))

        #expect(status == 404)
    }

    @Test("Once stopped, it refuses connections")
    func refusesConnectionsOnceStopped() async throws {
        let server = try LoopbackServer(routes: [:])
        server.stop()

        await #expect(throws: URLError.self) {
            _ = try await get(server.baseURL.appendingPathComponent("feed"))
        }
    }
}

/// GETs `url` with a session of its own and returns the body and the status.
private func get(_ url: URL) async throws -> (data: Data, status: Int) {
    let session = URLSession(configuration: .ephemeral)
    return try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: url) { data, response, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(
                    returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }
        }.resume()
    }
}
