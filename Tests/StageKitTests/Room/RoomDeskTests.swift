import Foundation
import Testing

@testable import WorkbookRoom

@Suite("A room's desk, against bad input", .offThePool)
struct RoomDeskTests {
    @Test(
        "Every page and every event needs the room's code; without it, 403 and nothing changes",
        arguments: [
            ("POST", "/events"), ("POST", "/events?code=WRONG1"), ("POST", "/events?code=K7QX2"),
            ("GET", "/"),
            ("GET", "/?code="), ("GET", "/board?code=K7QX2"), ("GET", "/state?code=WRONG1"),
            ("GET", "/step/1.1"),
            ("GET", "/hello?code=K7QX2MK"),
        ])
    func theCodeIsRequired(method: String, target: String) throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let answer = desk.answer(method, target, body: RoomHarness.body([RoomHarness.event("ann", 1)]))

        #expect(answer.status == 403)
        #expect(desk.state.eventCount == 0)
        #expect(room.eventsFile == nil)
    }

    static let badBodies: [(String, Data)] = [
        ("nothing", Data()),
        ("not JSON", Data("{".utf8)),
        ("an event, not a list", Data(#"{"learner":"ann"}"#.utf8)),
        ("an empty list", Data("[]".utf8)),
        ("a list of numbers", Data("[1,2]".utf8)),
        (
            "a date that is no date",
            Data(#"[{"learner":"a","sequence":1,"step":"1.1","verdict":"met","sent":"x"}]"#.utf8)
        ),
        (
            "a verdict that is none",
            Data(
                #"[{"learner":"a","sequence":1,"step":"1.1","verdict":"won","sent":"2026-11-23T10:00:00Z"}]"#
                    .utf8)
        ),
        ("51 events", RoomHarness.body((1...51).map { RoomHarness.event("ann", $0) })),
        ("a step the workbook does not have", RoomHarness.body([RoomHarness.event("ann", 1, step: "9.1")])),
        ("a step past the one after the last", RoomHarness.body([RoomHarness.event("ann", 1, step: "1.4")])),
        ("a step that is no step", RoomHarness.body([RoomHarness.event("ann", 1, step: "<b>")])),
        ("a step with a leading zero", RoomHarness.body([RoomHarness.event("ann", 1, step: "01.1")])),
        ("a step with a zero after its point", RoomHarness.body([RoomHarness.event("ann", 1, step: "1.01")])),
        (
            "a step of 60,000 zeros",
            RoomHarness.body([
                RoomHarness.event("ann", 1, step: String(repeating: "0", count: 60_000) + "1.1")
            ])
        ),
        (
            "a name of one letter and 40 accents",
            RoomHarness.body([
                RoomHarness.event("ann", 1, name: "x" + String(repeating: "\u{301}", count: 40))
            ])
        ),
        (
            "a sequence past the highest",
            RoomHarness.body([RoomHarness.event("ann", RoomEvent.highestSequence + 1)])
        ),
        (
            "a secret too short",
            Data(
                String(decoding: RoomHarness.body([RoomHarness.event("ann", 1)]), as: UTF8.self)
                    .replacingOccurrences(of: RoomHarness.secret(of: "ann"), with: "short").utf8)
        ),
        ("a sequence of 0", RoomHarness.body([RoomHarness.event("ann", 0)])),
        ("an id with a space", RoomHarness.body([RoomHarness.event("ann smith", 1)])),
        ("an empty id", RoomHarness.body([RoomHarness.event("", 1)])),
        (
            "a name of 41 characters",
            RoomHarness.body([RoomHarness.event("ann", 1, name: String(repeating: "a", count: 41))])
        ),
        ("a name with a line break", RoomHarness.body([RoomHarness.event("ann", 1, name: "Ann\nBob")])),
        (
            "a name with a right-to-left override",
            RoomHarness.body([RoomHarness.event("ann", 1, name: "Ann\u{202E}boB")])
        ),
        (
            "a line with an escape character",
            RoomHarness.body([RoomHarness.event("ann", 1, shown: "\u{1B}[2Jcleared")])
        ),
        (
            "a line of 301 characters",
            RoomHarness.body([RoomHarness.event("ann", 1, shown: String(repeating: "x", count: 301))])
        ),
        (
            "a good event beside a bad one",
            RoomHarness.body([RoomHarness.event("ann", 1), RoomHarness.event("bob", 1, step: "7")])
        ),
    ]

    @Test(
        "A body that is not a list of good events is refused with 400, and nothing is taken",
        arguments: badBodies)
    func badEventsAreRefused(_ what: String, body: Data) throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()

        let answer = desk.answer("POST", "/events?code=\(RoomHarness.code)", body: body)

        #expect(answer.status == 400, "\(what)")
        #expect(!answer.text.isEmpty)
        #expect(desk.state.eventCount == 0)
        #expect(room.eventsFile == nil)
    }

    @Test("Events sent again, because the answer to them was lost, are answered as taken and kept once")
    func eventsSentAgainAreKeptOnce() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let events = [
            RoomHarness.event("ann", 1), RoomHarness.event("ann", 2, verdict: .notMet, shown: "no"),
        ]

        #expect(desk.post(events).status == 204)
        let file = room.eventsFile
        #expect(desk.post(events).status == 204)

        #expect(room.eventsFile == file)
        #expect(desk.state.eventCount == 2)
    }

    @Test("A learner's id is theirs: an event with it and another secret is refused, and changes nothing")
    func anIdIsSpokenForByItsSecret() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        _ = desk.post([RoomHarness.event("ann", 1, name: "Ann")])
        var forged = RoomHarness.event("ann", RoomEvent.highestSequence, verdict: .left, name: "Not Ann")
        forged.secret = "someone-else-entirely-0000"

        let answer = desk.post([forged])
        let jump = desk.post([RoomHarness.event("ann", 2 + RoomState.longestJump)])

        #expect(answer.status == 403)
        #expect(jump.status == 403)
        #expect(desk.state.learners["ann"]?.lastSequence == 1)
        #expect(desk.state.learners["ann"]?.name == "Ann")
        #expect(desk.post([RoomHarness.event("ann", 2)]).status == 204)
    }

    @Test(
        "Started again on its ledger, a room has every event it took; a damaged line is skipped and counted")
    func aRoomStartedAgainLosesNothing() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let first = try room.openDesk()
        _ = first.post([
            RoomHarness.event("ann", 1), RoomHarness.event("ann", 2, verdict: .notMet, shown: "no"),
        ])
        _ = first.post([RoomHarness.event("bob", 1, step: "1.2")])
        let handle = try FileHandle(forWritingTo: room.ledger.events)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"received":"2026-11-23T1"#.utf8))
        try handle.close()

        let (second, damaged) = try RoomDesk.open(
            workbook: room.workbook, ledger: room.ledger, code: RoomHarness.code, stuckAfter: 15)

        #expect(damaged == 1)
        #expect(RoomSummary(second.state) == RoomSummary(first.state))
        #expect(second.post([RoomHarness.event("ann", 3)]).status == 204)
        #expect(second.state.eventCount == 4)
        // The event taken after the line cut short is kept whole: started again, the room has it.
        let (third, damagedAgain) = try RoomDesk.open(
            workbook: room.workbook, ledger: room.ledger, code: RoomHarness.code, stuckAfter: 15)
        #expect(damagedAgain == 1)
        #expect(third.state.learners["ann"]?.lastSequence == 3)
    }

    @Test("Names with the joiners emoji and many scripts need are taken as they are")
    func joinersAreNames() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let names = ["👩‍💻 Ada", "می‌خواهم", "Zoë"]

        let statuses = names.enumerated().map {
            desk.post([RoomHarness.event("l\($0.offset)", 1, name: $0.element)]).status
        }

        #expect(statuses == [204, 204, 204])
        #expect(desk.state.learnersInOrder.map(\.name) == names)
        #expect(RoomEvent.fitted(names[0], longest: 40) == names[0])
    }
}
