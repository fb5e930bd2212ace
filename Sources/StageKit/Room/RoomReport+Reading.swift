import Foundation
import WorkbookModel
import WorkbookText

/// A room's report read back: the events a measure of minutes needs, from a CSV that
/// `workbook room report` wrote. Its text is data: a field is a field, whatever it holds.
extension RoomReport {
    /// The largest report read: a room holds at most 100,000 events, each under a kilobyte.
    static let largestReport = 128 * 1024 * 1024
    /// The longest field read, in Unicode scalars: a room writes none longer than a line shown (300).
    static let longestField = 1_000
    /// The most events a report holds: as many as a room keeps.
    static let mostEvents = RoomDesk.Limits().eventsInRoom
    /// The earliest time a report may hold, 2020-01-01: no room met before.
    static let earliest = Date(timeIntervalSince1970: 1_577_836_800)
    /// How far a report's times may be from its first event's, before or after: a report is one room's
    /// day, and a learner's minutes at a step are at most a day.
    static let roomsDay: TimeInterval = 24 * 60 * 60

    /// Each event's learner, step, verdict and the time the learner's machine made it. `path` names
    /// the file in a problem. Readiness events carry no step and are passed over.
    static func marks(fromCSV text: String, path: String) throws(StageKitError)
        -> [MeasuredMinutes.Mark]
    {
        var rows = ReportRows(ReportBytes(text), path: path)
        return try marks(from: &rows, path: path)
    }

    /// The marks of the records `rows` reads, one record at a time: a report too long, a record that
    /// is not an event, or a time out of the room's day (before ``earliest``, or more than
    /// ``roomsDay`` from the report's first event) is refused in one sentence naming its line.
    static func marks(from rows: inout ReportRows, path: String) throws(StageKitError) -> [MeasuredMinutes
        .Mark]
    {
        guard let head = try rows.next(), head.fields == header else {
            throw .malformed(
                path: path, line: 1,
                problem: "a room's report begins with the line '\(header.joined(separator: ","))'")
        }
        let dates = ISO8601DateFormatter()
        var first: Date?
        var events = 0
        var marks: [MeasuredMinutes.Mark] = []
        while let row = try rows.next() {
            events += 1
            guard events <= mostEvents else {
                throw .malformed(
                    path: path, line: row.line,
                    problem: "it holds more than \(mostEvents) events, more than a room keeps")
            }
            guard row.fields.count == header.count else {
                throw .malformed(
                    path: path, line: row.line,
                    problem: "it has \(row.fields.count) fields where the header names \(header.count)")
            }
            let field = { (name: String) in row.fields[header.firstIndex(of: name) ?? 0] }
            guard let sent = dates.date(from: field("sent")) else {
                throw .malformed(path: path, line: row.line, problem: "its sent time is not an ISO 8601 time")
            }
            guard sent >= earliest else {
                throw .malformed(
                    path: path, line: row.line,
                    problem: "its sent time, \(dates.string(from: sent)), is before 2020, before any room")
            }
            let start = first ?? sent
            first = start
            guard abs(sent.timeIntervalSince(start)) <= roomsDay else {
                throw .malformed(
                    path: path, line: row.line,
                    problem:
                        "its sent time, \(dates.string(from: sent)), is more than a day from the report's first"
                        + " event (\(dates.string(from: start))): a report is one room's day")
            }
            guard let verdict = RoomEvent.Kind(rawValue: field("verdict")) else {
                throw .malformed(
                    path: path, line: row.line,
                    problem: "its verdict is none of "
                        + RoomEvent.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            }
            let kind: MeasuredMinutes.Mark.Kind
            switch verdict {
            case .arrived: kind = .arrived
            case .met: kind = .met
            case .notMet: kind = .notMet
            case .left: kind = .left
            case .note: kind = .note
            case .ready, .notReady: continue
            }
            let learner = field("learner")
            guard !learner.isEmpty, !field("step").isEmpty || kind == .left else {
                throw .malformed(path: path, line: row.line, problem: "it names no learner or no step")
            }
            marks.append(
                .init(
                    learner: learner, step: field("step"), kind: kind, at: sent,
                    text: kind == .note ? unguarded(field("shown")) : nil))
        }
        return marks
    }

    /// The report with nothing of who the learners are but their anonymous ids: no name, no line a
    /// check showed; a learner's note stays, the line they left for the workbook. What a facilitator
    /// gives back to the workbook (Rooms/README.md).
    package static func anonymousCSV(_ records: [RoomRecord]) -> String {
        csv(
            records.map { record in
                var event = record.event
                event.name = nil
                if event.verdict != .note { event.shown = nil }
                return RoomRecord(received: record.received, event: event)
            })
    }

    /// The CSV's records, each with the line it starts on, read by ``ReportRows``.
    static func rows(_ text: String, path: String) throws(StageKitError) -> [ReportRows.Row] {
        var reader = ReportRows(ReportBytes(text), path: path)
        var rows: [ReportRows.Row] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// A field as it was before `field(_:)` guarded it against a spreadsheet's formulas.
    static func unguarded(_ field: String) -> String {
        guard field.first == "'", let second = field.unicodeScalars.dropFirst().first,
            "=+-@\t\r'".unicodeScalars.contains(second)
        else { return field }
        return String(field.dropFirst())
    }
}
