import Foundation
import WorkbookModel
import WorkbookText

/// A room's report read back: the events a measure of minutes needs, from a CSV that
/// `workbook room report` wrote. Its text is data: a field is a field, whatever it holds.
extension RoomReport {
    /// The largest report read: a room holds at most 100,000 events, each under a kilobyte.
    package static let largestReport = 128 * 1024 * 1024

    /// Each event's learner, step, verdict and the time the learner's machine made it. `path` names
    /// the file in a problem. Readiness events carry no step and are passed over.
    package static func marks(fromCSV text: String, path: String) throws(StageKitError)
        -> [MeasuredMinutes.Mark]
    {
        guard text.utf8.count <= largestReport else {
            throw .malformed(
                path: path, line: nil, problem: "it is larger than a room's report can be (128 MB)")
        }
        let rows = try Self.rows(text, path: path)
        guard let head = rows.first, head.fields == header else {
            throw .malformed(
                path: path, line: 1,
                problem: "a room's report begins with the line '\(header.joined(separator: ","))'")
        }
        let dates = ISO8601DateFormatter()
        var marks: [MeasuredMinutes.Mark] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.count else {
                throw .malformed(
                    path: path, line: row.line,
                    problem: "it has \(row.fields.count) fields where the header names \(header.count)")
            }
            let field = { (name: String) in row.fields[header.firstIndex(of: name) ?? 0] }
            guard let sent = dates.date(from: field("sent")) else {
                throw .malformed(path: path, line: row.line, problem: "its sent time is not an ISO 8601 time")
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
            case .ready, .notReady: continue
            }
            let learner = field("learner")
            guard !learner.isEmpty, !field("step").isEmpty || kind == .left else {
                throw .malformed(path: path, line: row.line, problem: "it names no learner or no step")
            }
            marks.append(.init(learner: learner, step: field("step"), kind: kind, at: sent))
        }
        return marks
    }

    /// The report with nothing of who the learners are but their anonymous ids: no name, no line a
    /// check showed. What a facilitator gives back to the workbook (Rooms/README.md).
    package static func anonymousCSV(_ records: [RoomRecord]) -> String {
        csv(
            records.map { record in
                var event = record.event
                event.name = nil
                event.shown = nil
                return RoomRecord(received: record.received, event: event)
            })
    }

    /// The CSV's records, each with the line it starts on: fields split at commas, quoted fields
    /// with their doubled quotes and line breaks, a formula's guard (`'`) taken off again.
    static func rows(_ text: String, path: String) throws(StageKitError) -> [(line: Int, fields: [String])] {
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var line = 1
        var rowLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func endField() {
            fields.append(unguarded(field))
            field = ""
            wasQuoted = false
        }
        func endRow() {
            endField()
            if fields != [""] { rows.append((rowLine, fields)) }
            fields = []
            rowLine = line
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
            case ",":
                endField()
            case "\r":
                let next = scalars.next()
                if next != "\n" { pending = next }
                line += 1
                endRow()
            case "\n":
                line += 1
                endRow()
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else {
            throw .malformed(path: path, line: rowLine, problem: "a quoted field is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRow() }
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
