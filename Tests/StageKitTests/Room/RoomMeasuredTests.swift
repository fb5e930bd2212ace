import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookRoom
@testable import WorkbookText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A room recorded by the room's own desk, its report given back to the workbook, read as minutes.
@Suite("A room's minutes, measured", .offThePool)
struct RoomMeasuredTests {
    /// 24 learners on the fixture's two steps: learner i meets 1.1 after i + 1 minutes and 1.2 two
    /// minutes after arriving at it; l20 goes to 1.2 before meeting 1.1, and l21 leaves.
    static func events(of index: Int) -> [RoomEvent] {
        let learner = "l\(index)"
        var marks: [(String, RoomEvent.Kind, Double)] = [("1.1", .arrived, 0)]
        switch index {
        case 20: marks += [("1.2", .arrived, 1), ("1.2", .met, 3)]
        case 21: marks += [("1.1", .notMet, 2), ("1.1", .left, 5)]
        default:
            let met = Double(index + 1)
            marks += [("1.1", .met, met), ("1.2", .arrived, met + 0.5), ("1.2", .met, met + 2.5)]
        }
        return marks.enumerated().map { offset, mark in
            var event = RoomHarness.event(
                learner, offset + 1, step: mark.0, verdict: mark.1, name: "Learner \(index)")
            event.sent = Date(timeIntervalSince1970: 1_800_000_000 + mark.2 * 60)
            return event
        }
    }

    /// The room's report, names left out, in the fixture's `Rooms/`.
    static func recordRoom(_ room: RoomHarness) throws -> String {
        let desk = try room.openDesk()
        for index in 0..<24 {
            #expect(desk.post(events(of: index), from: "10.1.0.\(index)").status == 204)
            room.advance(seconds: 1)
        }
        let report = RoomReport.anonymousCSV(try room.ledger.load().records)
        try room.fixture.write("Rooms/2027-01-15.csv", report)
        return report
    }

    @Test(
        "A learner's note is kept in the report given back, without their name, and read back beside the minutes"
    )
    func notesComeBackBesideTheMinutes() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let desk = try room.openDesk()
        let note = RoomHarness.event(
            "l1", 1, step: "1.3", verdict: .note, shown: "The second hint, = and all, said it", name: "Ann")
        #expect(desk.post([note], from: "10.1.0.1").status == 204)
        let report = RoomReport.anonymousCSV(try room.ledger.load().records)
        try room.fixture.write("Rooms/2027-01-15.csv", report)

        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: room.fixture.root, environment: [:], print: { printed.append($0) },
            printError: { printed.append($0) })
        let status = tool.run(["budget", "--measured", "Rooms"])

        #expect(!report.contains("Ann"))
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("  note at 1.3: The second hint, = and all, said it"), "\(printed)")
    }

    @Test(
        "A recorded room of 24 learners gives each step its median and slowest quarter, left and jumped aside"
    )
    func budgetMeasured() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let report = try Self.recordRoom(room)
        #expect(!report.contains("Learner"))

        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: room.fixture.root, environment: [:], print: { printed.append($0) },
            printError: { printed.append($0) })
        let status = tool.run(["budget", "--measured", "Rooms"])

        #expect(status == 0)
        #expect(printed.first == "Measured: 1 report, 24 learners.")
        // 1.1: 1 to 20, 23 and 24 minutes (22 learners); 1.2: two minutes each (23 learners).
        #expect(
            printed.contains {
                $0.hasPrefix("  1.1  estimate")
                    && $0.hasSuffix("measured: median 11.5, slowest quarter 17.0, 22 learners")
            })
        #expect(
            printed.contains {
                $0.hasPrefix("  1.2  estimate")
                    && $0.hasSuffix("measured: median 2.0, slowest quarter 2.0, 23 learners")
            })
    }

    @Test("The facilitator's plan shows a chapter's measured minutes where rooms gave theirs back")
    func planShowsMeasured() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let without = try FacilitatorPlan.lines(room.fixture.load())
        #expect(!without.joined().contains("Measured in rooms"))

        _ = try Self.recordRoom(room)
        let lines = try FacilitatorPlan.lines(room.fixture.load())

        #expect(
            lines.contains {
                $0.contains(
                    "Measured in rooms: the steps' medians add up to 14 minutes, their slowest quarters to 19,"
                        + " at least 22 learners a step.")
            })
    }

    @Test("The tutorial site gives a chapter its measured minutes where rooms gave theirs back")
    func siteShowsMeasured() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let chapter = try #require(room.workbook.chapter(1))
        let estimate = TutorialChapter(chapter: chapter, workbook: room.workbook).text
        #expect(estimate.hasPrefix("@Tutorial(time: \(ChapterBudget(chapter, of: room.workbook).minutes)) {"))

        _ = try Self.recordRoom(room)
        let measured = try #require(try RoomPace(room.fixture.load()).measured)

        // The medians, 11.5 and 2 minutes, added up and rounded up.
        let text = TutorialChapter(chapter: chapter, workbook: room.workbook, measured: measured).text
        #expect(text.hasPrefix("@Tutorial(time: 14) {"))
    }

    @Test("A pipe or a link among the reports given back is refused in one sentence, never read")
    func pipesAndLinksAreRefused() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        try room.fixture.write("Rooms/README.md", "Rooms.\n")
        #expect(mkfifo(room.fixture.url("Rooms/pipe.csv").path, 0o600) == 0)

        let pipe = #expect(throws: StageKitError.self) {
            try RoomsGivenBack.load(room.fixture.url("Rooms"), label: "Rooms")
        }
        #expect(
            pipe?.description
                == "Rooms/pipe.csv does not belong there: a room's report is a file, and this is not one.")

        try room.fixture.remove("Rooms/pipe.csv")
        try FileManager.default.createSymbolicLink(
            atPath: room.fixture.url("Rooms/link.csv").path, withDestinationPath: "/etc/hostname")
        let link = #expect(throws: StageKitError.self) {
            try RoomsGivenBack.load(room.fixture.url("Rooms"), label: "Rooms")
        }
        #expect(
            link?.description.hasPrefix("Rooms/link.csv does not belong there: it is a symbolic link") == true
        )
    }

    @Test("Megabytes of commas are refused at the eighth field, the file read no further than a chunk")
    func aFloodOfCommasIsRefusedEarly() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        let header = RoomReport.header.joined(separator: ",") + "\r\n"
        try room.fixture.write("Rooms/commas.csv", header + String(repeating: ",", count: 4_000_000))
        let handle = try #require(FileHandle(forReadingAtPath: room.fixture.url("Rooms/commas.csv").path))
        defer { try? handle.close() }
        var rows = ReportRows(ReportBytes(handle), path: "Rooms/commas.csv")

        let error = #expect(throws: StageKitError.self) {
            try RoomReport.marks(from: &rows, path: "Rooms/commas.csv")
        }

        #expect(error?.description.hasPrefix("Rooms/commas.csv:2: it has more fields than the 7") == true)
        #expect(rows.bytesRead <= 65_536)
        let loaded = #expect(throws: StageKitError.self) {
            try RoomsGivenBack.load(room.fixture.url("Rooms"), label: "Rooms")
        }
        #expect(loaded?.description == error?.description)
    }

    @Test("A report given back that cannot be read stops the plan in one sentence, naming it")
    func damagedReportIsNamed() throws {
        let room = try RoomHarness()
        defer { room.fixture.delete() }
        try room.fixture.write("Rooms/bad.csv", "not a report\n")
        try room.fixture.write(
            "FACILITATOR.md", "\(FacilitatorPlan.section.begin)\n\(FacilitatorPlan.section.end)\n")

        let problem = FacilitatorPlan.section.problem(in: try room.fixture.load())

        #expect(
            problem?.description.contains("Rooms/bad.csv:1: a room's report begins with the line") == true)
    }
}
