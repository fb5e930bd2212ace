import Foundation
import WorkbookModel

/// A report's bytes, one at a time: from a file, read a chunk at a time and no further than a report
/// can be long, or from text. Where it stopped short, `failure` says why.
struct ReportBytes: IteratorProtocol {
    enum Failure: Equatable {
        case unreadable, tooLarge
    }

    private let handle: FileHandle?
    private var chunk: [UInt8]
    private var index = 0
    /// The bytes it took from its file or text so far.
    private(set) var taken: Int
    private(set) var failure: Failure?

    init(_ text: String) {
        handle = nil
        chunk = Array(text.utf8)
        taken = chunk.count
        if taken > RoomReport.largestReport {
            chunk = []
            failure = .tooLarge
        }
    }

    init(_ handle: FileHandle) {
        self.handle = handle
        chunk = []
        taken = 0
    }

    mutating func next() -> UInt8? {
        if index == chunk.count {
            guard let handle, failure == nil else { return nil }
            let data: Data
            do {
                data = try handle.read(upToCount: 65_536) ?? Data()
            } catch {
                failure = .unreadable
                return nil
            }
            taken += data.count
            guard taken <= RoomReport.largestReport else {
                failure = .tooLarge
                return nil
            }
            chunk = [UInt8](data)
            index = 0
            guard !chunk.isEmpty else { return nil }
        }
        defer { index += 1 }
        return chunk[index]
    }
}

/// A report's CSV records, one at a time, each with the line it starts on: fields split at commas,
/// quoted fields with their doubled quotes and line breaks, a formula's guard (`'`) taken off again. It
/// holds one record at a time, and refuses, where it goes past them, a record with more fields than a
/// report's header or a field longer than any a room writes: what it holds stays small, whatever the
/// file.
struct ReportRows {
    typealias Row = (line: Int, fields: [String])

    private var bytes: ReportBytes
    private var decoder = Unicode.UTF8()
    private let path: String
    private var line = 1
    private var pending: Unicode.Scalar?
    private var ended = false

    init(_ bytes: ReportBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The bytes it read so far.
    var bytesRead: Int { bytes.taken }

    /// The next record that is not a blank line; nil at the end.
    mutating func next() throws(StageKitError) -> Row? {
        while !ended {
            if let row = try record(), row.fields != [""] { return row }
        }
        return nil
    }

    /// The next record, blank or not; nil at the end.
    private mutating func record() throws(StageKitError) -> Row? {
        let start = line
        let path = path
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var length = 0
        var quoted = false
        var wasQuoted = false
        func append(_ scalar: Unicode.Scalar) throws(StageKitError) {
            length += 1
            guard length <= RoomReport.longestField else {
                throw .malformed(
                    path: path, line: start,
                    problem:
                        "a field is longer than \(RoomReport.longestField) characters, longer than any a room"
                        + " writes")
            }
            field.append(scalar)
        }
        func endField() throws(StageKitError) {
            guard fields.count < RoomReport.header.count else {
                throw .malformed(
                    path: path, line: start,
                    problem:
                        "it has more fields than the \(RoomReport.header.count) of a room's report's header")
            }
            fields.append(RoomReport.unguarded(String(field)))
            field = String.UnicodeScalarView()
            length = 0
            wasQuoted = false
        }
        while let scalar = try nextScalar() {
            if quoted {
                if scalar == "\"" {
                    let next = try nextScalar()
                    if next == "\"" {
                        try append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    try append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where length == 0 && !wasQuoted:
                quoted = true
                wasQuoted = true
            case ",":
                try endField()
            case "\r", "\n":
                if scalar == "\r" {
                    let next = try nextScalar()
                    if next != "\n" { pending = next }
                }
                line += 1
                try endField()
                return (start, fields)
            default:
                try append(scalar)
            }
        }
        ended = true
        guard !quoted else {
            throw .malformed(path: path, line: start, problem: "a quoted field is never closed")
        }
        guard length > 0 || !fields.isEmpty || wasQuoted else { return nil }
        try endField()
        return (start, fields)
    }

    private mutating func nextScalar() throws(StageKitError) -> Unicode.Scalar? {
        if let scalar = pending {
            pending = nil
            return scalar
        }
        let result = decoder.decode(&bytes)
        switch bytes.failure {
        case .unreadable: throw .unreadable(path: path)
        case .tooLarge:
            throw .malformed(
                path: path, line: nil, problem: "it is larger than a room's report can be (128 MB)")
        case nil: break
        }
        switch result {
        case .scalarValue(let scalar): return scalar
        case .emptyInput: return nil
        case .error: throw .malformed(path: path, line: nil, problem: "it is not UTF-8 text")
        }
    }
}
