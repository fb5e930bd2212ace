import Foundation
import Testing

@testable import WorkbookRoom

@Suite("A room's report", .offThePool)
struct RoomReportTests {
    @Test("One row an event, in order, after a header")
    func oneRowAnEvent() {
        let received = Date(timeIntervalSince1970: 1_800_000_060)
        let records = [
            RoomRecord(received: received, event: RoomHarness.event("ann", 1, name: "Ann")),
            RoomRecord(
                received: received, event: RoomHarness.event("ann", 2, verdict: .notMet, shown: "no test ran")
            ),
        ]

        let lines = RoomReport.csv(records).components(separatedBy: "\r\n")

        #expect(
            lines == [
                "received,sent,learner,name,step,verdict,shown",
                "2027-01-15T08:01:00Z,2027-01-15T08:00:00Z,ann,Ann,1.1,arrived,",
                "2027-01-15T08:01:00Z,2027-01-15T08:00:00Z,ann,,1.1,not met,no test ran",
                "",
            ])
    }

    @Test(
        "A field is quoted when it must be, and never read as a spreadsheet's formula",
        arguments: [
            ("Ann", "Ann"), ("Smith, Ann", "\"Smith, Ann\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""), ("+1", "'+1"), ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"), ("'+' is unavailable", "''+' is unavailable"),
            ("'quoted'", "''quoted'"), ("a\nb", "\"a\nb\""), ("a\rb", "\"a\rb\""), ("a\r\nb", "\"a\r\nb\""),
        ])
    func fieldsAreSafe(text: String, field: String) {
        #expect(RoomReport.field(text) == field)
    }

    @Test("What a room answers reaches the learner's terminal as text: a room cannot move its cursor")
    func aRoomsAnswerIsText() {
        let answer = Data("HTTP/1.1 403 Forbidden\r\n\r\n\u{1B}[2J\u{1B}]0;owned\u{7}Refused.\r\n".utf8)

        #expect(RoomPost.outcome(of: answer) == .refused(status: 403, reason: "[2J ]0;owned Refused."))
        #expect(RoomPost.outcome(of: Data()) == .noAnswer)
    }
}
