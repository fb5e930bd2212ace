import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookRoom

@Suite("workbook doctor and the room a learner joined, on 127.0.0.1", .hangGuard, .offThePool)
struct RoomDoctorTests {
    /// A learner who joined the room and has not started, with their tools built and the doctor's
    /// small package read as on a good toolchain.
    func makeSUT() throws -> RoomCommandTests.Room {
        let room = try RoomCommandTests.Room()
        try room.harness.pretendToolsAreBuilt()
        room.harness.runner.answer(DoctorOutcome.missingName, DoctorOutcome.failedTest)
        #expect(
            room.harness.run("room", "join", room.address, "--code", RoomHarness.code, "--name", "Ann") == 0)
        return room
    }

    @Test("A joined learner's doctor tells the room, whose dashboard shows them ready before they start")
    func theRoomSeesWhoIsReady() throws {
        let room = try makeSUT()
        defer { room.close() }

        #expect(room.harness.run("doctor") == 0, "\(room.harness.printed)")
        let board = room.server.desk.answer("GET", "/board?code=\(RoomHarness.code)").text
        room.harness.run("start", "1")

        let events = try room.room.ledger.load().records.map(\.event)
        #expect(events.map(\.verdict) == [.ready, .arrived])
        #expect(events.map(\.step) == ["", "1.1"])
        let row = try #require(board.split(separator: "\n").first { $0.contains("data-learner") })
        #expect(
            row.contains("<td>Ann</td><td class=\"verdict met\" data-ready>✓ ready</td><td>not started</td>"))
        #expect(board.contains("1 learner · 1 ready, 0 not ready ·"))
        #expect(room.learner?.ready == true, "starting keeps what the doctor said")
        #expect(room.learner?.step == "1.1")
        #expect(room.harness.printed.contains { $0.hasPrefix("✅ Room: the room at \(room.address) answers") })
    }

    @Test("A joined room that does not answer: ❌, with what to check, said once; the verdict waits for it")
    func aRoomThatDoesNotAnswerIsSaid() throws {
        let room = try makeSUT()
        defer { room.close() }
        room.server.stop()

        #expect(room.harness.run("doctor") == 1)

        #expect(
            room.harness.printed.contains(
                "❌ Room: the room at \(room.address) does not answer: check the address with your facilitator,"
                    + " and that you are on the same network."))
        #expect(!room.harness.printed.contains { $0.contains("did not answer") }, "said once")
        let workspace = LearnerWorkspace(
            folder: room.harness.workspace, workbook: try room.harness.fixture.load())
        let link = try #require(RoomLink.link(in: workspace))
        #expect(link.waiting.map(\.verdict) == [.notReady])
    }

    @Test("A not-ready learner is marked so; an event with no step is refused unless it says readiness")
    func notReadyIsShownAndStepsAreStillChecked() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let arrivedNowhere = desk.post([RoomHarness.event("bob", 1, step: "", verdict: .arrived)])
        #expect(
            desk.post([RoomHarness.event("ann", 1, step: "", verdict: .notReady, name: "Ann")]).status == 204)
        let board = desk.answer("GET", "/board?code=\(RoomHarness.code)").text

        #expect(arrivedNowhere.status == 400)
        #expect(board.contains("data-not-ready>✗ not ready</td><td>not started</td>"))
        #expect(board.contains("0 ready, 1 not ready"))
        #expect(!board.contains("data-step=\"\""), "a learner who has not started is at no step")
    }
}
