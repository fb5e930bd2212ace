import Foundation
import WorkbookModel

/// Swift Testing's event stream read as it grows: given only the bytes that came since it last read
/// (a pipe's new bytes, cut wherever the writer's writes were cut), it keeps the lines it has taken and
/// the one not yet ended, so that no byte is read twice, and its run is always what
/// `EventStreamParser.parse` says of all the bytes so far.
struct EventStreamReader: Sendable {
    /// What the lines taken say.
    private var account = EventStreamParser.Account()
    /// The lines taken that are not empty: a refusal names the line by this count, as `parse` does.
    private var lines = 0
    /// The bytes of the line not yet ended.
    private var pending = Data()
    /// A line that is no record: refused once a line follows it, ignored if it is the stream's last.
    private var unread: StageKitError?
    /// What the reader refused: it refuses it again, as `parse` would every stream that holds it.
    private var refusal: StageKitError?

    init() {}

    /// Takes the bytes that came after those it read before.
    mutating func read(_ bytes: Data) throws(StageKitError) {
        if let refusal { throw refusal }
        do throws(StageKitError) {
            var start = bytes.startIndex
            while let newline = bytes[start...].firstIndex(of: 0x0A) {
                pending.append(bytes[start..<newline])
                start = bytes.index(after: newline)
                // A carriage return then a line feed is one character, which never ended a line.
                if pending.last == 0x0D {
                    pending.append(0x0A)
                    continue
                }
                let line = pending
                pending = Data()
                try take(line)
            }
            pending.append(bytes[start...])
            if let unread, !pending.isEmpty { throw unread }
        } catch {
            refusal = error
            throw error
        }
    }

    /// The run as the stream says it so far: its last line, not yet ended, is taken if it is a record
    /// (as `parse` takes a last line), and ignored if it is not (a line cut short).
    func run() throws(StageKitError) -> TestRun {
        if let refusal { throw refusal }
        guard !pending.isEmpty, let record = EventStreamParser.record(pending) else { return account.run }
        var account = self.account
        try account.take(record, line: lines + 1)
        return account.run
    }

    /// Takes an ended line: an empty one is no line; one that is no record waits to be refused.
    private mutating func take(_ line: Data) throws(StageKitError) {
        guard !line.isEmpty else { return }
        if let unread { throw unread }
        lines += 1
        guard let record = EventStreamParser.record(line) else {
            unread = .malformed(path: "the test event stream", line: lines, problem: "not an event record")
            return
        }
        try account.take(record, line: lines)
    }
}
