import Foundation
import Testing

@testable import WorkbookRoom

@Suite("A room's limits: learners, machines, rates and its record", .offThePool)
struct RoomLimitsTests {
    @Test("The room takes at most its learners: the next one is refused, and told so when they join")
    func theRoomIsBounded() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        var limits = RoomDesk.Limits()
        limits.learners = 3
        let desk = try room.openDesk(limits: limits)

        let statuses = (1...4).map { desk.post([RoomHarness.event("learner-\($0)", 1)]).status }
        let hello = desk.answer("GET", "/hello?code=\(RoomHarness.code)&learner=learner-9")
        let helloKnown = desk.answer("GET", "/hello?code=\(RoomHarness.code)&learner=learner-1")

        #expect(statuses == [204, 204, 204, 403])
        #expect(hello.status == 403)
        #expect(hello.text.hasPrefix("The room is full"))
        #expect(helloKnown.status == 204)
        #expect(desk.state.learners.count == 3)
        #expect(desk.post([RoomHarness.event("learner-1", 2)]).status == 204)
    }

    @Test("One machine on the network joins as 3 learners at most; this machine has no such limit")
    func oneMachineJoinsAsFewLearners() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let fromNetwork = (1...4).map {
            desk.post([RoomHarness.event("l\($0)", 1)], from: "192.168.1.5").status
        }
        let fromHere = (5...9).map { desk.post([RoomHarness.event("l\($0)", 1)], from: "127.0.0.1").status }
        // A learner the room knows is taken from anywhere; one who left frees their place.
        let known = desk.post([RoomHarness.event("l1", 2)], from: "192.168.1.5").status
        _ = desk.post([RoomHarness.event("l1", 3, verdict: .left)], from: "192.168.1.5")
        let afterLeaving = desk.post([RoomHarness.event("l10", 1)], from: "192.168.1.5").status

        #expect(fromNetwork == [204, 204, 204, 403])
        #expect(fromHere == [204, 204, 204, 204, 204])
        #expect(known == 204)
        #expect(afterLeaving == 204)
    }

    @Test("A flood of learners arriving and leaving leaves the room open to the next, after a restart too")
    func aFloodOfComingsAndGoingsDoesNotLockTheRoom() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let flood = (1...310).map {
            desk.post([
                RoomHarness.event("ghost-\($0)", 1), RoomHarness.event("ghost-\($0)", 2, verdict: .left),
            ])
            .status
        }
        let hello = desk.answer("GET", "/hello?code=\(RoomHarness.code)&learner=ann")
        let reopened = try room.openDesk()
        let helloAfterRestart = reopened.answer("GET", "/hello?code=\(RoomHarness.code)&learner=ann")
        let arrives = reopened.post([RoomHarness.event("ann", 1)]).status

        #expect(flood.allSatisfy { $0 == 204 })
        #expect(hello.status == 204, "\(hello.text)")
        #expect(helloAfterRestart.status == 204, "\(helloAfterRestart.text)")
        #expect(arrives == 204)
        #expect(reopened.state.learnersInOrder.map(\.id) == ["ann"])
    }

    @Test("One machine on the network brings a few new learners at once, then one each little while")
    func oneMachinesNewcomersAreRateLimited() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let burst = Int(RoomDesk.Limits().newcomersPerMachineBurst)

        let cycles = (1...(burst + 1)).map { index -> Int in
            let learner = "l\(index)"
            let status = desk.post([RoomHarness.event(learner, 1)], from: "192.168.1.5").status
            _ = desk.post([RoomHarness.event(learner, 2, verdict: .left)], from: "192.168.1.5")
            return status
        }
        let hello = desk.answer("GET", "/hello?code=\(RoomHarness.code)&learner=late", from: "192.168.1.5")
        let otherMachine = desk.post([RoomHarness.event("m1", 1)], from: "192.168.1.6").status
        room.advance(seconds: 1 / RoomDesk.Limits().newcomersPerMachineRefill)
        let later = desk.post([RoomHarness.event("late", 1)], from: "192.168.1.5").status

        #expect(cycles == Array(repeating: 204, count: burst) + [429])
        #expect(hello.status == 429)
        #expect(hello.text.hasPrefix("Too many new learners from one machine"))
        #expect(otherMachine == 204)
        #expect(later == 204)
    }

    @Test("A learner sending too fast is refused with 429 until the room's clock has moved on")
    func aLearnersRateIsBounded() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        var limits = RoomDesk.Limits()
        limits.learnerBurst = 2
        limits.learnerRefill = 1
        let desk = try room.openDesk(limits: limits)

        let statuses = (1...3).map { desk.post([RoomHarness.event("ann", $0)]).status }
        room.advance(seconds: 1)
        let later = desk.post([RoomHarness.event("ann", 3)]).status

        #expect(statuses == [204, 204, 429])
        #expect(later == 204)
        #expect(desk.state.learners["ann"]?.lastSequence == 3)
    }

    @Test("The room keeps at most its events, and a learner's share of them: past them, it refuses")
    func theRecordIsBounded() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        var limits = RoomDesk.Limits()
        limits.eventsInRoom = 5
        limits.eventsPerLearner = 3
        let desk = try room.openDesk(limits: limits)

        let ann = (1...4).map { desk.post([RoomHarness.event("ann", $0)]).status }
        let others = ["bob", "cid", "dan"].map { desk.post([RoomHarness.event($0, 1)]).status }

        #expect(ann == [204, 204, 204, 403])
        #expect(others == [204, 204, 403])
        #expect(desk.state.eventCount == 5)
    }
}
