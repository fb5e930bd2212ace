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

@Suite("LoopbackServer, under clients that misbehave")
struct LoopbackServerRobustnessTests {
    @Test(
        "Past its limit of connections at once, a new one is closed unanswered, and one is taken again once one ends"
    )
    func connectionsAreBounded() async throws {
        let server = try LoopbackServer(
            routes: ["/feed": [.init(body: Data("ok".utf8))]], limits: .init(connections: 1, bodyBytes: 1024))
        defer { server.stop() }
        let request = "GET /feed HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let first = try RawClient(port: server.port)
        defer { first.close() }
        let second = try RawClient(port: server.port)
        defer { second.close() }

        try? second.send(request)
        let refused = second.readToEnd()
        try first.send(request)
        let answered = first.readToEnd()
        let (_, status) = try await get(server.baseURL.appendingPathComponent("feed"), timeout: 5)

        #expect(refused == "")
        #expect(answered.hasPrefix("HTTP/1.1 200 OK"))
        #expect(status == 200)
    }

    @Test("A body past what the server holds at once, over all connections, is answered 503 unread")
    func heldBodiesAreBounded() throws {
        let server = try LoopbackServer(routes: [:], limits: .init(connections: 4, bodyBytes: 10))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        defer { client.close() }

        try client.send("POST /feed HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 11\r\n\r\n")

        #expect(client.readToEnd().hasPrefix("HTTP/1.1 503 Service Unavailable"))
    }

    @Test("A client that sends its request a byte now and then is closed once its time for the whole is up")
    func aSlowRequestIsClosedWhenItsTimeIsUp() throws {
        let server = try LoopbackServer(
            routes: [:], limits: .init(connections: 4, bodyBytes: 1024, patience: 1))
        defer { server.stop() }
        let slow = try RawClient(port: server.port)
        defer { slow.close() }

        try slow.send("G")
        server.waitForAcceptedConnection()

        #expect(slow.waitForEndOfStream(seconds: 30), "the server still holds the connection")
    }

    @Test(
        "One machine on the network holds at most its share of connections; this machine has more",
        arguments: [
            (0, 0, false, true), (7, 7, false, true), (7, 8, false, false), (64, 0, false, false),
            (64, 0, true, true), (79, 0, true, true), (80, 0, true, false),
        ])
    func connectionsAreSharedOut(open: Int, fromPeer: Int, isThisMachine: Bool, admitted: Bool) {
        let limits = LoopbackServer.Limits(
            connections: 64, bodyBytes: 1024, perPeer: 8, loopbackReserve: 16)

        #expect(limits.admits(open: open, fromPeer: fromPeer, isThisMachine: isThisMachine) == admitted)
    }

    @Test("A client that sends half a request does not hold up the next one")
    func halfARequestDoesNotHoldUpTheNext() async throws {
        let server = try LoopbackServer(routes: ["/feed": [.init(body: Data("ok".utf8))]])
        defer { server.stop() }
        let stalled = try RawClient(port: server.port)
        defer { stalled.close() }
        try stalled.send("GET /feed HTTP/1.1\r\nHost: 127.0.0.1\r\n")

        let (data, status) = try await get(server.baseURL.appendingPathComponent("feed"), timeout: 5)

        #expect(status == 200)
        #expect(data == Data("ok".utf8))
    }

    @Test("Stopping closes a connection a client holds open, and refuses new ones at once")
    func stoppingClosesAHeldConnection() async throws {
        let server = try LoopbackServer(routes: [:])
        let holding = try RawClient(port: server.port)
        defer { holding.close() }
        try holding.send("GET /feed HTTP/1.1\r\n")
        server.waitForAcceptedConnection()

        server.stop()

        #expect(holding.waitForEndOfStream(seconds: 5), "the held connection is still open after stop()")
        #expect(throws: RawClient.Failure.self) { try RawClient(port: server.port).close() }
    }

    @Test("A server let go after stop() leaves alone the descriptor its listener had")
    func releasedServerLeavesOtherDescriptorsAlone() throws {
        var server: LoopbackServer? = try LoopbackServer(routes: [:])
        server?.stop()
        let pair = try SocketPair()
        defer { pair.close() }

        server = nil

        #expect(server == nil)
        #expect(pair.carriesAByte(), "a socket opened after stop() was shut down by the server")
    }

    @Test("It reads a request whose head is larger than 64 KiB")
    func readsALargeHead() async throws {
        let server = try LoopbackServer(routes: ["/feed": [.init(body: Data("ok".utf8))]])
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("feed"), timeoutInterval: 5)
        request.setValue(String(repeating: "a", count: 100_000), forHTTPHeaderField: "X-Padding")

        let (data, status) = try await get(request)

        #expect(status == 200)
        #expect(data == Data("ok".utf8))
    }

    @Test("It reads a request's body, however long, before it answers")
    func readsALongBody() async throws {
        let server = try LoopbackServer(routes: ["/upload": [.init(status: 204, body: Data())]])
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"), timeoutInterval: 5)
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 7, count: 300_000)

        let (_, status) = try await get(request)

        #expect(status == 204)
        #expect(server.requests == ["POST /upload"])
        #expect(server.bodySizes == [300_000])
    }
}

/// GETs `url` with a session of its own and returns the body and the status.
private func get(_ url: URL, timeout: Double = 60) async throws -> (data: Data, status: Int) {
    try await get(URLRequest(url: url, timeoutInterval: timeout))
}

/// Sends `request` with a session of its own and returns the body and the status.
private func get(_ request: URLRequest) async throws -> (data: Data, status: Int) {
    let session = URLSession(configuration: .ephemeral)
    return try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: request) { data, response, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(
                    returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }
        }.resume()
    }
}
