import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

/// The event stream read as it grows: the reader keeps what it read and is given only the bytes that
/// came since, however the pipe cut them (mid-line, mid-character), and says what `parse` says of all
/// the bytes so far.
@Suite("EventStreamReader", .offThePool)
struct EventStreamReaderTests {
    /// A run whose display name is not all ASCII, so that a piece can end inside a character.
    static let unicodeStream = """
        {"kind":"test","payload":{"displayName":"Ünïcode ✓ names 🐕","id":"U.a()\\/U.swift:1:1","kind":"function"},"version":0}
        {"kind":"event","payload":{"kind":"runStarted"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"U.a()\\/U.swift:1:1"},"version":0}
        {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"élan ≠ 🐕"}],"testID":"U.a()\\/U.swift:1:1"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"x"}],"testID":"U.a()\\/U.swift:1:1"},"version":0}
        {"kind":"event","payload":{"kind":"runEnded"},"version":0}

        """

    static let streams = [
        EventStreamParserTests.runtimeRedStream, EventStreamParserTests.suiteIssueStream,
        EventStreamParserTests.crashedStream, unicodeStream,
    ]

    /// `bytes` cut into pieces of `size` bytes, the last one shorter.
    static func pieces(of bytes: Data, size: Int) -> [Data] {
        stride(from: 0, to: bytes.count, by: size).map { start in
            bytes.subdata(in: start..<min(start + size, bytes.count))
        }
    }

    @Test(
        "A stream given in pieces cut mid-line gives the run it gives at once",
        arguments: streams, [1, 2, 7, 100, 4096])
    func piecesGiveTheWholeRun(_ stream: String, size: Int) throws {
        var reader = EventStreamReader()
        for piece in Self.pieces(of: Data(stream.utf8), size: size) {
            try reader.read(piece)
        }

        #expect(try reader.run() == EventStreamParser.parse(stream))
    }

    @Test("After each piece, the run so far is what parsing the bytes so far gives", arguments: streams)
    func eachPieceGivesTheRunSoFar(_ stream: String) throws {
        var reader = EventStreamReader()
        var sofar = Data()
        for piece in Self.pieces(of: Data(stream.utf8), size: 13) {
            try reader.read(piece)
            sofar.append(piece)
            let text = String(decoding: sofar, as: UTF8.self)

            #expect(try reader.run() == EventStreamParser.parse(text))
        }
    }

    @Test("A slice of a larger buffer is read from its own start, as a pipe's new bytes are given")
    func sliceOfALargerBuffer() throws {
        let bytes = Data(EventStreamParserTests.runtimeRedStream.utf8)
        var reader = EventStreamReader()
        var consumed = 0
        for end in stride(from: 50, through: bytes.count + 49, by: 50) {
            let all = bytes.prefix(min(end, bytes.count))
            try reader.read(all.dropFirst(consumed))
            consumed = all.count
        }

        #expect(try reader.run() == EventStreamParser.parse(EventStreamParserTests.runtimeRedStream))
    }

    @Test("A line that is not a record is refused once a line follows it, and from then on")
    func malformedLineIsRefusedWhenALineFollows() throws {
        let refusal = StageKitError.malformed(
            path: "the test event stream", line: 2, problem: "not an event record")
        var reader = EventStreamReader()
        try reader.read(Data("{\"kind\":\"event\",\"payload\":{\"kind\":\"runStarted\"}}\nnot js".utf8))
        try reader.read(Data("on\n".utf8))

        // The last line so far may be one cut short: nothing is refused yet.
        #expect(try reader.run().finished == false)
        #expect(throws: refusal) {
            try reader.read(Data("{\"kind\":\"event\",\"payload\":{\"kind\":\"runEnded\"}}".utf8))
        }
        #expect(throws: refusal) { try reader.run() }
        #expect(throws: refusal) { try reader.read(Data("\n".utf8)) }
    }
}
