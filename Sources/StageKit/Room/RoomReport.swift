import Foundation

/// The room's record as CSV, one row an event in the order the room took them: when it arrived, when
/// the learner's machine made it, the learner (id and name), the step, the verdict and the line shown.
/// A spreadsheet reads it as text: a field a spreadsheet would take for a formula starts with `'`.
package enum RoomReport {
    static let header = ["received", "sent", "learner", "name", "step", "verdict", "shown"]

    package static func csv(_ records: [RoomRecord]) -> String {
        let dates = ISO8601DateFormatter()
        let rows = records.map { record in
            let event = record.event
            return [
                dates.string(from: record.received), dates.string(from: event.sent), event.learner,
                event.name ?? "", event.step, event.verdict.rawValue, event.shown ?? "",
            ]
        }
        return ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n")
            + "\r\n"
    }

    /// One field: quoted when it holds a comma, a quote or a line break; never read as a formula.
    static func field(_ text: String) -> String {
        var text = text
        // Scalars, not characters: "\r\n" is one character, which neither "\r" nor "\n" alone is.
        // A field that starts with the guard itself is guarded too, so that reading it back takes off
        // exactly the guard: "'=x" is written "''=x", and "=x" "'=x".
        if let first = text.unicodeScalars.first, "=+-@\t\r'".unicodeScalars.contains(first) {
            text = "'" + text
        }
        guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
