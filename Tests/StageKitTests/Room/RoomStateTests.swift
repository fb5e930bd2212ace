import Foundation
import Testing

@testable import WorkbookRoom

@Suite("A room's state", .offThePool)
struct RoomStateTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func record(_ event: RoomEvent, after seconds: Double = 0) -> RoomRecord {
        RoomRecord(received: start.addingTimeInterval(seconds), event: event)
    }

    @Test("A learner's events move them on, and the time on a step counts from their arrival at it")
    func eventsMoveALearner() {
        var state = RoomState()

        state.apply(Self.record(RoomHarness.event("ann", 1, step: "1.1", name: "Ann")))
        state.apply(
            Self.record(RoomHarness.event("ann", 2, step: "1.1", verdict: .notMet, shown: "x"), after: 60))
        state.apply(Self.record(RoomHarness.event("bob", 1, step: "1.1"), after: 70))
        state.apply(Self.record(RoomHarness.event("ann", 3, step: "1.2", verdict: .arrived), after: 90))

        let ann = state.learners["ann"]
        #expect(ann?.step == "1.2")
        #expect(ann?.verdict == .arrived)
        #expect(ann?.name == "Ann")
        #expect(ann?.shown == nil)
        #expect(ann?.onStepSince == Self.start.addingTimeInterval(90))
        #expect(state.learnersInOrder.map(\.id) == ["ann", "bob"])
        #expect(state.eventCount == 4)
    }

    @Test("An event sent again, because its answer was lost, is taken once")
    func anEventSentAgainIsTakenOnce() {
        var state = RoomState()
        let event = RoomHarness.event("ann", 1, verdict: .notMet, shown: "cannot find 'Greeter' in scope")

        state.apply(Self.record(event))
        state.apply(Self.record(event, after: 5))

        #expect(state.hasTaken(event))
        #expect(state.eventCount == 1)
        #expect(
            state.errorGroups(at: "1.1") == [
                RoomState.ErrorGroup(line: "cannot find 'Greeter' in scope", count: 1)
            ])
    }

    @Test(
        "Lines that differ only in the place a compiler names are one group",
        arguments: [
            "Tests/Chapter01DemoTests/GreeterTests.swift:5:12: error: cannot find 'Greeter' in scope",
            "/Users/ann/Workspace/Tests/Chapter01DemoTests/GreeterTests.swift:9:3: error: cannot find 'Greeter' in scope",
            "cannot find 'Greeter' in scope",
        ])
    func placesAreLeftOutOfGroups(line: String) {
        #expect(RoomState.group(line) == "cannot find 'Greeter' in scope")
    }

    @Test("A step keeps at most its groups, however many different lines come: the state stays bounded")
    func groupsAreBounded() {
        var state = RoomState()
        for learner in 1...50 {
            for line in 1...20 {
                state.apply(
                    Self.record(
                        RoomHarness.event(
                            "l\(learner)", line, verdict: .notMet, shown: "line \(learner)-\(line)")))
            }
        }

        #expect(state.errorGroups(at: "1.1").count == RoomState.groupsPerStep)
        #expect(state.ungrouped["1.1"] == 1_000 - RoomState.groupsPerStep)
        #expect(state.learners.count == 50)
    }

    @Test("One learner cannot fill a step's groups, nor count one line twice by showing others between")
    func oneLearnerCountsOnce() {
        var state = RoomState()
        for sequence in 1...50 {
            let shown = sequence % 2 == 0 ? "line A" : "line B"
            state.apply(Self.record(RoomHarness.event("eve", sequence, verdict: .notMet, shown: shown)))
        }
        for sequence in 51...70 {
            state.apply(
                Self.record(RoomHarness.event("eve", sequence, verdict: .notMet, shown: "junk \(sequence)")))
        }
        state.apply(Self.record(RoomHarness.event("ann", 1, verdict: .notMet, shown: "the real error")))

        #expect(state.errorGroups(at: "1.1").map(\.count) == [1, 1, 1, 1])
        #expect(state.errorGroups(at: "1.1").map(\.line).contains("the real error"))
        #expect(state.errorGroups(at: "1.1").filter { $0.line.hasPrefix("junk") }.count == 1)
    }

    @Test(
        "A place in a Swift file is a word that names one; nothing else is",
        arguments: [
            ("GreeterTests.swift:5:12:", true), ("/a b/x.swift:5:", true), ("x.swift:5:12", false),
            ("x.swift::", false), ("x.swift:5:12:13:", false), ("swift:5:", false), ("x.swift:a:", false),
            (String(repeating: "a", count: 300), false),
        ])
    func placesAreKnown(word: String, isPlace: Bool) {
        #expect(RoomState.isPlace(Substring(word)) == isPlace)
    }

    @Test("A learner who sees one line again at one step counts it once; another learner counts it again")
    func aLineSeenAgainCountsOnce() {
        var state = RoomState()
        let line = "GreeterTests.swift:5:12: error: cannot find 'Greeter' in scope"
        for sequence in 1...3 {
            state.apply(Self.record(RoomHarness.event("ann", sequence, verdict: .notMet, shown: line)))
        }
        state.apply(Self.record(RoomHarness.event("bob", 1, verdict: .notMet, shown: line)))

        #expect(
            state.errorGroups(at: "1.1") == [
                RoomState.ErrorGroup(line: "cannot find 'Greeter' in scope", count: 2)
            ])
    }

    @Test("A blank name is no name: the learner keeps the one they had, or their id")
    func aBlankNameIsNoName() {
        var state = RoomState()
        state.apply(Self.record(RoomHarness.event("ann", 1, name: "Ann")))
        state.apply(Self.record(RoomHarness.event("ann", 2, name: "  ")))
        state.apply(Self.record(RoomHarness.event("bob", 1, name: "")))

        #expect(state.learners["ann"]?.name == "Ann")
        #expect(state.learners["bob"]?.name == nil)
    }

    @Test("A learner who left is in the room no more, until they come back")
    func aLearnerWhoLeftIsGone() {
        var state = RoomState()
        state.apply(Self.record(RoomHarness.event("ann", 1)))
        state.apply(Self.record(RoomHarness.event("ann", 2, verdict: .left)))
        let gone = state.learnersInOrder.map(\.id)
        state.apply(Self.record(RoomHarness.event("ann", 3)))

        #expect(gone == [])
        #expect(state.learnersInOrder.map(\.id) == ["ann"])
    }

    @Test("The most seen lines of a step come first")
    func mostSeenFirst() {
        var state = RoomState()
        let lines = ["b", "a", "a", "c", "a", "b"]
        for (index, line) in lines.enumerated() {
            state.apply(Self.record(RoomHarness.event("l\(index)", 1, verdict: .notMet, shown: line)))
        }

        #expect(state.errorGroups(at: "1.1").map(\.line) == ["a", "b", "c"])
        #expect(state.errorGroups(at: "1.1").map(\.count) == [3, 2, 1])
    }
}
