import Dispatch
import Foundation
import LoopbackServer
import Synchronization
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookRoom

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("A room on 127.0.0.1, with many learners", .hangGuard, .offThePool)
struct RoomServerTests {
    /// A desk on the harness's ledger that reads the real clock, as a served room does.
    static func desk(_ room: RoomHarness, limits: RoomDesk.Limits = RoomDesk.Limits()) throws -> RoomDesk {
        try RoomDesk.open(
            workbook: room.workbook, ledger: room.ledger, code: RoomHarness.code, stuckAfter: 15,
            limits: limits
        ).desk
    }

    /// A room whose learners may send as often as they like: on a busy machine, sends past their 40 ms
    /// budget are sent again, and a learner's real limit (30 requests at once, 5 more a second, on the
    /// real clock) could then refuse some for a while, which this test, about losing nothing, does not
    /// wait out. RoomLimitsTests holds the limit itself, on an injected clock.
    static var unlimitedLearners: RoomDesk.Limits {
        var limits = RoomDesk.Limits()
        limits.learnerBurst = 1_000_000
        return limits
    }

    @Test(
        "30 learners, and the room stopped and started again mid-run: every event is on the dashboard and in the report, once"
    )
    func thirtyLearnersLoseNothing() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        var server = try RoomServer(
            desk: try Self.desk(room, limits: Self.unlimitedLearners), host: "127.0.0.1", port: 0)
        let address = RoomAddress(host: "127.0.0.1", port: server.port)
        let links = Mutex(
            (1...30).map {
                RoomLink(address: address, code: RoomHarness.code, name: "Learner \($0)", newID: UUID.init)
            })
        let steps = ["1.1", "1.1", "1.2", "1.2", "1.3"]
        let told = Mutex(0)
        /// Each learner tells the room of events `numbers`, as 'workbook' does after a command.
        let tell = { @Sendable (numbers: ClosedRange<Int>) in
            Self.onThreads(30) { index in
                var link = links.withLock { $0[index] }
                for number in numbers {
                    let verdict: RoomEvent.Kind = number % 2 == 0 ? .notMet : .arrived
                    link.tell(
                        step: steps[number % steps.count], verdict: verdict,
                        shown: verdict == .notMet ? "line \(index % 4)" : nil,
                        at: Date(), within: .milliseconds(40), print: { _ in told.withLock { $0 += 1 } })
                }
                links.withLock { $0[index] = link }
            }
        }

        tell(1...10)
        server.stop()
        tell(11...15)
        let waitingWhileStopped = links.withLock { $0.map(\.waiting.count) }
        server = try RoomServer(
            desk: try Self.desk(room, limits: Self.unlimitedLearners), host: "127.0.0.1", port: address.port)
        defer { server.stop() }
        tell(16...20)
        // What is still waiting (a send past its budget on a busy machine) goes with a later command,
        // once the room has answered the requests whose learners stopped waiting: until then, a busy
        // machine's room may still hold more connections than it takes at once, and close new ones unanswered.
        server.connections.waitUntilNoConnections()
        Self.onThreads(30) { index in
            var link = links.withLock { $0[index] }
            for _ in 1...10 where !link.waiting.isEmpty {
                link.sendWaiting(within: .seconds(10), print: { _ in })
            }
            links.withLock { $0[index] = link }
        }

        #expect(waitingWhileStopped.allSatisfy { $0 >= 5 })
        #expect(links.withLock { $0.allSatisfy { $0.waiting.isEmpty } })
        let summary = RoomSummary(server.desk.state)
        #expect(summary.events == 600)
        #expect(summary.learners.count == 30)
        #expect(summary.learners.allSatisfy { $0.lastSequence == 20 && $0.step == steps[0] })
        #expect(summary.learnersAtStep == ["1.1": 30])
        let board = server.desk.answer("GET", "/board?code=\(RoomHarness.code)").text
        #expect(board.components(separatedBy: "<tr data-learner>").count == 31)
        let (records, damaged) = try room.ledger.load()
        #expect(damaged == 0)
        #expect(Set(records.map { "\($0.event.learner) \($0.event.sequence)" }).count == 600)
        #expect(records.count == 600)
        #expect(RoomReport.csv(records).components(separatedBy: "\r\n").count == 602)
        #expect(told.withLock { $0 } >= 30, "each learner is told that the room did not answer")
    }

    @Test(
        "500 connections at once: the room holds at most its limit, takes nothing from them, and answers once they end"
    )
    func fiveHundredConnections() throws {
        try #require(Sockets.allowOpenFiles(1_200) >= 1_200, "this system does not allow 1,200 open files")
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let server = try RoomServer(desk: try Self.desk(room), host: "127.0.0.1", port: 0)
        defer { server.stop() }

        let sockets = (0..<500).map { _ in Self.startConnecting(to: server.port) }
        // Each silent connection holds one of the room's threads until it ends or its patience runs out.
        for _ in 1...RoomServer.limits.connections { server.connections.waitForAcceptedConnection() }
        // The room's 16 connections kept for this machine are taken too, then one more is closed unanswered.
        let reserve = (0..<RoomServer.limits.loopbackReserve).map { _ in Self.startConnecting(to: server.port)
        }
        for _ in reserve { server.connections.waitForAcceptedConnection() }
        let refusedWhileFull = Self.exchange(
            "GET /hello?code=\(RoomHarness.code) HTTP/1.1\r\n\r\n", port: server.port)
        for socket in reserve where socket >= 0 { close(socket) }
        for socket in sockets where socket >= 0 { close(socket) }
        server.connections.waitUntilNoConnections()
        let address = RoomAddress(host: "127.0.0.1", port: server.port)
        let body = RoomHarness.body([RoomHarness.event("ann", 1)])
        let answer = RoomPost.send(
            "POST", "/events?code=\(RoomHarness.code)", body: body, to: address, within: .seconds(10))

        #expect(sockets.allSatisfy { $0 >= 0 })
        #expect(
            server.connections.mostConnectionsAtOnce
                == RoomServer.limits.connections + RoomServer.limits.loopbackReserve)
        #expect(refusedWhileFull == "")
        #expect(answer == .taken)
        #expect(server.desk.state.eventCount == 1)
    }

    @Test(
        "A body or head past the room's limits is refused unread",
        arguments: [
            ("POST /events?code=K7QX2M HTTP/1.1\r\nContent-Length: 10000000000\r\n\r\n", "HTTP/1.1 413"),
            ("POST /events?code=K7QX2M HTTP/1.1\r\nContent-Length: 65537\r\n\r\n", "HTTP/1.1 413"),
            (
                "GET /?code=K7QX2M HTTP/1.1\r\nX-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n",
                "HTTP/1.1 431"
            ),
            ("POST /events?code=K7QX2M HTTP/1.1\r\nContent-Length: -5\r\n\r\n", "HTTP/1.1 400"),
        ])
    func limitsOfARequest(request: String, answer: String) throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let server = try RoomServer(desk: try Self.desk(room), host: "127.0.0.1", port: 0)
        defer { server.stop() }

        let got = Self.exchange(request, port: server.port)

        #expect(got.hasPrefix(answer))
        #expect(server.desk.state.eventCount == 0)
    }

    @Test("It listens only where it is told, and refuses an address that is none")
    func itListensWhereTold() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let server = try RoomServer(desk: try Self.desk(room), host: "127.0.0.1", port: 0)
        defer { server.stop() }

        let hello = "/hello?code=\(RoomHarness.code)"
        #expect(
            RoomPost.send(
                "GET", hello, to: RoomAddress(host: "127.0.0.1", port: server.port), within: .seconds(5))
                == .taken)
        #expect(
            RoomPost.send(
                "GET", hello, to: RoomAddress(host: "127.0.0.2", port: server.port), within: .seconds(5))
                == .unreachable)
        #expect(server.addresses == [RoomServer.Address(address: "127.0.0.1", interface: "")])
        #expect(throws: StageKitError.self) {
            _ = try RoomServer(desk: try Self.desk(room), host: "my-laptop", port: 0)
        }
        #expect(throws: StageKitError.self) {
            _ = try RoomServer(desk: try Self.desk(room), host: "127.0.0.1", port: server.port)
        }
    }

    @Test(
        "The address put on the projector is a private one of a real interface, before a container's or a tunnel's",
        arguments: [
            (["172.17.0.1 docker0", "192.168.1.20 en0"], "192.168.1.20"),
            (["10.8.0.2 utun3", "10.0.0.5 eth0"], "10.0.0.5"),
            (["203.0.113.7 en0", "192.168.1.20 en1"], "192.168.1.20"),
            (["100.64.0.1 tailscale0", "172.20.10.2 en0"], "172.20.10.2"),
        ])
    func theLikeliestAddressComesFirst(found: [String], first: String) {
        let addresses = found.map {
            let parts = $0.split(separator: " ")
            return RoomServer.Address(address: String(parts[0]), interface: String(parts[1]))
        }

        #expect(addresses.sorted { RoomServer.rank($0) < RoomServer.rank($1) }.first?.address == first)
    }

    @Test("A second room served from one folder is refused: the two would write one events file")
    func oneRoomAFolder() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let lock = try room.ledger.holdForServing()

        #expect(throws: StageKitError.self) { _ = try room.ledger.holdForServing() }
        withExtendedLifetime(lock) {}
    }
}
