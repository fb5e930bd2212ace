import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookRoom

@Suite("workbook room join and leave, with a room on 127.0.0.1", .hangGuard, .offThePool)
struct RoomCommandTests {
    /// A learner's workbook and a room on the same fixture workbook.
    struct Room {
        let harness: LearnerHarness
        let room: RoomHarness
        var server: RoomServer

        init() throws {
            harness = try LearnerHarness()
            room = try RoomHarness()
            server = try RoomServer(desk: try RoomServerTests.desk(room), host: "127.0.0.1", port: 0)
        }

        var address: String { "127.0.0.1:\(server.port)" }
        var learner: RoomState.Learner? { server.desk.state.learnersInOrder.first }

        /// The learner joins the room, then starts chapter 1.
        func joinAndStart() {
            harness.run("room", "join", address, "--code", RoomHarness.code)
            harness.run("start", "1")
        }

        /// Stops the room's server and deletes both fixtures.
        func close() {
            server.stop()
            harness.fixture.delete()
            room.fixture.delete()
        }
    }

    @Test("Joined, a learner's start and check tell the room their step, verdict and the check's first line")
    func startAndCheckTellTheRoom() throws {
        let room = try Room()
        defer { room.close() }

        #expect(
            room.harness.run("room", "join", room.address, "--code", RoomHarness.code, "--name", "Ann") == 0)
        room.harness.run("start", "1")
        let afterStart = room.learner
        // Step 1.1 is a red that expects `Greeter` missing: a typo of it is another error, and the room
        // is told the error the learner sees, not what the step expected.
        let typo = Diagnostic(
            file: "/w/Tests/Chapter01DemoTests/GreeterTests.swift", line: 5, column: 12, severity: .error,
            message: "cannot find 'Gretter' in scope")
        room.harness.runner.answer(.compileError([typo]))
        #expect(room.harness.run("check") == 1)
        room.harness.runner.answer(FixtureOutcome.green)
        #expect(room.harness.run("check") == 1)
        let miss = try #require(try room.harness.progress()?.lastMiss?["1.1"])

        #expect(afterStart?.name == "Ann")
        #expect(afterStart?.step == "1.1")
        #expect(afterStart?.verdict == .arrived)
        #expect(room.learner?.verdict == .notMet)
        let events = try room.room.ledger.load().records.map(\.event)
        #expect(events.map(\.shown).dropFirst() == ["cannot find 'Gretter' in scope", miss])
        #expect(
            room.server.desk.state.errorGroups(at: "1.1").map(\.line).contains(
                "cannot find 'Gretter' in scope"))
        let record = try #require(try room.room.ledger.load().records.last)
        let sent = String(decoding: try JSONEncoder.room.encode(record.event), as: UTF8.self)
        #expect(!sent.contains("Hello, "), "an event holds no line of the learner's code")
    }

    @Test("Joined, a learner's one-line note reaches the room's record at their step, and moves them nowhere")
    func aNoteReachesTheRoom() throws {
        let room = try Room()
        defer { room.close() }
        room.joinAndStart()

        #expect(room.harness.run("note", "The stubs were clear,\tthe queue less") == 0)

        let last = try #require(try room.room.ledger.load().records.last?.event)
        #expect(last.verdict == .note)
        #expect(last.step == "1.1")
        #expect(last.shown == "The stubs were clear, the queue less")
        #expect(room.learner?.verdict == .arrived, "a note says nothing of where the learner is")
        #expect(room.harness.printed.contains { $0.hasPrefix("The room keeps your note") })
    }

    @Test("A note outside a room, or an empty one, is refused in one sentence")
    func aNoteNeedsARoomAndWords() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")

        #expect(harness.run("note", "Good") == 1)
        #expect(harness.printed.contains { $0.contains("not in a room") }, "\(harness.printed)")
        #expect(harness.run("note", "  ") == 2)
        #expect(harness.errors.contains { $0.contains("a note says something") })
    }

    @Test("Joined, watch tells the room each check, and the step it moves on to")
    func watchTellsTheRoom() throws {
        let room = try Room()
        defer { room.close() }
        room.joinAndStart()
        room.harness.runner.answer(FixtureOutcome.tests([]), FixtureOutcome.greeterMissing)
        room.harness.onSleep = { sleep in
            if sleep == 2 { try? room.harness.type(WorkbookFixture.testPath, WorkbookFixture.testFile) }
        }
        room.harness.pollsBeforeStop = 5

        #expect(room.harness.run("watch") == 0)

        let events = try room.room.ledger.load().records.map(\.event)
        #expect(events.map(\.verdict) == [.arrived, .notMet, .met, .arrived])
        #expect(events.map(\.step) == ["1.1", "1.1", "1.1", "1.2"])
    }

    @Test("A room that does not answer is said once; the command goes on, and its events go with a later one")
    func anUnreachableRoomIsSaidOnce() throws {
        var room = try Room()
        defer { room.close() }
        room.joinAndStart()
        let port = room.server.port
        room.server.stop()
        room.harness.printed = []

        room.harness.runner.answer(FixtureOutcome.green, FixtureOutcome.green)
        #expect(room.harness.run("check") == 1)
        #expect(room.harness.run("check") == 1, "\(room.harness.errors)")
        let said = room.harness.printed.filter { $0.hasPrefix("The room at") }
        room.server = try RoomServer(desk: try RoomServerTests.desk(room.room), host: "127.0.0.1", port: port)
        room.harness.runner.answer(FixtureOutcome.green)
        room.harness.run("check")

        #expect(said.count == 1)
        #expect(said.first?.contains("did not answer") == true)
        #expect(room.server.desk.state.eventCount == 4)
        #expect(room.learner?.lastSequence == 4)
    }

    @Test("A wrong code or no room at the address: join says so and links nothing")
    func joinRefusesAWrongRoom() throws {
        var room = try Room()
        defer { room.close() }

        #expect(room.harness.run("room", "join", room.address, "--code", "ZZZZZZ") == 2)
        room.server.stop()
        #expect(room.harness.run("room", "join", room.address, "--code", RoomHarness.code) == 2)
        #expect(room.harness.run("room", "join", "my-laptop:8321", "--code", RoomHarness.code) == 2)

        #expect(room.harness.errors.count == 3)
        #expect(room.harness.errors[0].contains("does not have the code ZZZZZZ"))
        #expect(room.harness.errors[1].contains("no room answers at \(room.address)"))
        #expect(room.harness.errors[2].contains("is not a room's address"))
        #expect(
            !FileManager.default.fileExists(
                atPath: room.harness.workspace.appendingPathComponent(RoomLink.file).path))
        room.server = try RoomServer(desk: try RoomServerTests.desk(room.room), host: "127.0.0.1", port: 0)
    }

    @Test("Left, a learner is off the dashboard, and their commands tell the room nothing more")
    func leaveStopsTheEvents() throws {
        let room = try Room()
        defer { room.close() }
        room.joinAndStart()

        #expect(room.harness.run("room", "leave") == 0)
        room.harness.runner.answer(FixtureOutcome.greeterMissing)
        room.harness.run("check")

        #expect(room.server.desk.state.eventCount == 2, "the start, and the leave")
        #expect(room.server.desk.state.learnersInOrder.isEmpty)
        #expect(room.harness.printed.contains("You left room \(RoomHarness.code)."))
        #expect(
            !FileManager.default.fileExists(
                atPath: room.harness.workspace.appendingPathComponent(RoomLink.file).path))
    }

    @Test("A room link is none of the learner's work: backups leave it out, and a restore leaves it in place")
    func theLinkIsNotWork() {
        #expect(LearnerWorkspace.isDisposable(RoomLink.file))
    }

    @Test("serve keeps the port it listens on for the next time, and a second serve in its folder is refused")
    func serveKeepsItsPortAndItsFolder() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        var second: Int32?
        harness.whileServing = {
            harness.whileServing = {}
            second = harness.run("room", "serve", "--bind", "127.0.0.1", "--port", "0")
        }

        #expect(harness.run("room", "serve", "--bind", "127.0.0.1", "--port", "0") == 0)
        let joinLine = try #require(harness.printed.first { $0.contains("room join 127.0.0.1:") })
        let port = try #require(joinLine.split(separator: " ").first { $0.hasPrefix("127.0.0.1:") })
        harness.printed = []
        #expect(harness.run("room", "serve", "--bind", "127.0.0.1") == 0)

        #expect(second == 2)
        #expect(harness.errors.first?.contains("a room is already served from") == true)
        #expect(harness.printed.contains { $0.contains("room join \(port) --code") })
        let settings = try RoomLedger(in: harness.fixture.root).settings()
        #expect("127.0.0.1:\(settings.port)" == port)
    }
}
