import Foundation
import Testing

@testable import WorkbookModel
@testable import WorkbookRoom
@testable import WorkbookText

@Suite("Measured minutes", .offThePool)
struct MeasuredMinutesTests {
    static func at(_ minutes: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60) }

    static func mark(_ learner: String, _ step: String, _ kind: MeasuredMinutes.Mark.Kind, _ minutes: Double)
        -> MeasuredMinutes.Mark
    {
        .init(learner: learner, step: step, kind: kind, at: at(minutes))
    }

    @Test("A step takes a learner from their arrival to the check that met it, checks that missed between")
    func arrivalToMet() {
        let measured = MeasuredMinutes([
            Self.mark("ann", "1.1", .arrived, 0), Self.mark("ann", "1.1", .notMet, 2),
            Self.mark("ann", "1.1", .met, 5), Self.mark("ann", "1.2", .arrived, 6),
            Self.mark("ann", "1.2", .met, 10),
        ])

        #expect(measured.minutes == ["1.1": [5], "1.2": [4]])
    }

    @Test(
        "A learner who left, or went to another step first, is left out of the step; arriving again keeps the first"
    )
    func leftAndJumpedAreLeftOut() {
        let measured = MeasuredMinutes([
            Self.mark("bob", "1.1", .arrived, 0), Self.mark("bob", "1.3", .arrived, 1),
            Self.mark("bob", "1.1", .met, 3),
            Self.mark("cy", "1.1", .arrived, 0), Self.mark("cy", "", .left, 1),
            Self.mark("cy", "1.1", .met, 2),
            Self.mark("di", "1.1", .arrived, 0), Self.mark("di", "1.1", .arrived, 4),
            Self.mark("di", "1.1", .met, 6),
            Self.mark("ed", "1.1", .notMet, 0), Self.mark("ed", "1.1", .met, 1),
        ])

        #expect(measured.minutes == ["1.1": [6]])
    }

    @Test("A learner counts once at a step, however often they meet it: their first meeting is measured")
    func aLearnerCountsOnceAStep() {
        var marks: [MeasuredMinutes.Mark] = []
        for round in 0..<5 {
            let arrival = Double(round * 10)
            marks.append(Self.mark("ann", "1.1", .arrived, arrival))
            marks.append(Self.mark("ann", "1.1", .met, arrival + 2 + Double(round)))
        }

        let measured = MeasuredMinutes(marks)

        #expect(measured.minutes == ["1.1": [2]])
        #expect(measured.figure(of: "1.1")?.learners == 1)
    }

    @Test("The median, and the slowest quarter as the time three learners in four met the step by")
    func medianAndSlowestQuarter() throws {
        let marks = [3.0, 1, 4, 2, 10, 5, 6, 7].enumerated().flatMap { index, minutes in
            [Self.mark("l\(index)", "2.1", .arrived, 0), Self.mark("l\(index)", "2.1", .met, minutes)]
        }

        let figure = try #require(MeasuredMinutes(marks).figure(of: "2.1"))

        #expect(figure == MeasuredMinutes.Figure(learners: 8, median: 4.5, slowestQuarter: 6))
        #expect(MeasuredMinutes(marks).figure(of: "2.2") == nil)
        #expect(MeasuredMinutes(marks).chapterFigure(of: ["2.1", "2.2"]) == nil)
    }

    @Test("A report read back gives the events it was written from; ready events and formula guards aside")
    func reportsReadBack() throws {
        let sent = Date(timeIntervalSince1970: 1_800_000_000)
        var events = [
            RoomHarness.event("ann", 1, name: "=Ann, \"the\"\nfirst"),
            RoomHarness.event("ann", 2, verdict: .notMet, shown: "-1, \"no\""),
            RoomHarness.event("ann", 3, step: "", verdict: .ready),
        ]
        events[1].sent = sent.addingTimeInterval(90)
        let csv = RoomReport.csv(events.map { RoomRecord(received: sent, event: $0) })

        let marks = try RoomReport.marks(fromCSV: csv, path: "room.csv")

        #expect(
            marks == [
                .init(learner: "ann", step: "1.1", kind: .arrived, at: sent),
                .init(learner: "ann", step: "1.1", kind: .notMet, at: sent.addingTimeInterval(90)),
            ])
        #expect(try RoomReport.rows(csv, path: "room.csv")[1].fields[3] == "=Ann, \"the\"\nfirst")
        // Any text a check showed comes back as it was, a guard's own quote included.
        for shown in ["'+' is unavailable", "=1", "''", "plain"] {
            var event = RoomHarness.event("bo", 1, verdict: .notMet, shown: shown)
            event.sent = sent
            let row = try RoomReport.rows(
                RoomReport.csv([RoomRecord(received: sent, event: event)]), path: "r.csv")
            #expect(row[1].fields[6] == shown)
        }
    }

    @Test(
        "A report that is not one says where, in one sentence",
        arguments: [
            (
                "",
                "room.csv:1: a room's report begins with the line 'received,sent,learner,name,step,verdict,shown'"
            ),
            (
                "received,sent,learner,name,step,verdict,shown\r\nx,y\r\n",
                "room.csv:2: it has 2 fields where the header names 7"
            ),
            (
                "received,sent,learner,name,step,verdict,shown\r\n,yesterday,ann,,1.1,arrived,\r\n",
                "room.csv:2: its sent time is not an ISO 8601 time"
            ),
            (
                "received,sent,learner,name,step,verdict,shown\r\n,2027-01-15T08:00:00Z,ann,,1.1,won,\r\n",
                "room.csv:2: its verdict is none of 'arrived', 'met', 'not met', 'left', 'ready', 'not ready', 'note'"
            ),
            (
                "received,sent,learner,name,step,verdict,shown\r\n\"open",
                "room.csv:2: a quoted field is never closed"
            ),
        ])
    func badReports(text: String, said: String) {
        let error = #expect(throws: StageKitError.self) {
            try RoomReport.marks(fromCSV: text, path: "room.csv")
        }
        #expect(error?.description == said + ".")
    }

    static let header = "received,sent,learner,name,step,verdict,shown\r\n"

    static func row(_ sent: String, _ learner: String = "ann", _ verdict: String = "arrived") -> String {
        "2027-01-15T08:00:00Z,\(sent),\(learner),,1.1,\(verdict),\r\n"
    }

    @Test(
        "A report's times lie in one room's day: none before 2020, none more than a day from its first event",
        arguments: [
            (
                header + row("1001-01-01T08:00:00Z") + row("2001-01-01T08:00:00Z", "ann", "met"),
                "room.csv:2: its sent time, 1001-01-01T08:00:00Z, is before 2020, before any room"
            ),
            (
                header + row("2027-01-15T08:00:00Z") + row("2027-01-16T08:00:01Z", "ann", "met"),
                "room.csv:3: its sent time, 2027-01-16T08:00:01Z, is more than a day from the report's first"
                    + " event (2027-01-15T08:00:00Z): a report is one room's day"
            ),
            (
                header + row("2027-01-15T08:00:00Z") + row("2027-01-14T07:59:59Z", "ann", "met"),
                "room.csv:3: its sent time, 2027-01-14T07:59:59Z, is more than a day from the report's first"
                    + " event (2027-01-15T08:00:00Z): a report is one room's day"
            ),
        ])
    func timesOutOfTheRoomsDayAreRefused(text: String, said: String) {
        let error = #expect(throws: StageKitError.self) {
            try RoomReport.marks(fromCSV: text, path: "room.csv")
        }
        #expect(error?.description == said + ".")
    }

    @Test(
        "A report's rows and fields are bounded: past them it is refused where it goes past, in one sentence")
    func rowsAndFieldsAreBounded() {
        let commas = Self.header + String(repeating: ",", count: 1_000_000)
        let manyFields = #expect(throws: StageKitError.self) {
            try RoomReport.marks(fromCSV: commas, path: "room.csv")
        }
        #expect(
            manyFields?.description
                == "room.csv:2: it has more fields than the 7 of a room's report's header.")

        let name = String(repeating: "a", count: RoomReport.longestField + 1)
        let long = Self.header + "2027-01-15T08:00:00Z,2027-01-15T08:00:00Z,ann,\(name),1.1,arrived,\r\n"
        let longField = #expect(throws: StageKitError.self) {
            try RoomReport.marks(fromCSV: long, path: "room.csv")
        }
        #expect(
            longField?.description
                == "room.csv:2: a field is longer than \(RoomReport.longestField) characters,"
                + " longer than any a room writes.")
    }
}
