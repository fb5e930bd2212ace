import Foundation
import WorkbookModel

/// Where a room keeps what it must not lose, in a folder of the folder it was started from
/// (`.workbook-room/`): its code and port (`room.json`), and every event it took, one JSON line each
/// (`events.jsonl`), appended as it is taken. Started again from the same folder, a room has the
/// same code, port and events.
package struct RoomLedger: Sendable {
    package static let folderName = ".workbook-room"

    /// What stays the same from one start of the room to the next.
    package struct Settings: Codable, Sendable, Equatable {
        package var code: String
        package var port: UInt16
    }

    package let folder: URL
    package var events: URL { folder.appendingPathComponent("events.jsonl") }
    package var settingsFile: URL { folder.appendingPathComponent("room.json") }

    /// The ledger in `.workbook-room/` of `parent`; the folder is made if missing. It may not be a link:
    /// the room would write wherever it points.
    package init(in parent: URL) throws(StageKitError) {
        folder = parent.appendingPathComponent(Self.folderName)
        let path = folder.path
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
            throw .room(
                "\(path) is a link: a room keeps its events in a folder of its own, not through a link")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .room("the room cannot make \(path): \(error.localizedDescription)")
        }
    }

    /// The room's settings, made (a new code, the port given) the first time.
    package func settings(port: UInt16?) throws(StageKitError) -> Settings {
        if let data = FileManager.default.contents(atPath: settingsFile.path) {
            guard var settings = try? JSONDecoder().decode(Settings.self, from: data),
                Self.isCode(settings.code)
            else {
                throw .room(
                    "\(settingsFile.path) is damaged: move it away to open a new room (with a new code)")
            }
            if let port { settings.port = port }
            return settings
        }
        let settings = Settings(code: Self.newCode(), port: port ?? Self.standardPort)
        try save(settings)
        return settings
    }

    package func save(_ settings: Settings) throws(StageKitError) {
        do {
            try JSONEncoder.room.encode(settings).write(to: settingsFile, options: .atomic)
        } catch {
            throw .writeFailed(path: settingsFile.path, reason: error.localizedDescription)
        }
    }

    /// The port a room listens on unless told.
    package static let standardPort: UInt16 = 8321
    /// Letters and digits that cannot be taken for one another when read off a projector.
    static let codeLetters = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    package static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in codeLetters.randomElement(using: &generator) ?? "A" })
    }

    package static func isCode(_ text: String) -> Bool {
        text.count == 6 && text.allSatisfy { codeLetters.contains($0) }
    }

    /// Every event taken, in order, and how many lines could not be read (a line cut short when the
    /// machine stopped, say): those are skipped, not fatal.
    package func load() throws(StageKitError) -> (records: [RoomRecord], damaged: Int) {
        guard let data = FileManager.default.contents(atPath: events.path) else { return ([], 0) }
        var records: [RoomRecord] = []
        var damaged = 0
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if let record = try? JSONDecoder.room.decode(RoomRecord.self, from: Data(line)) {
                records.append(record)
            } else {
                damaged += 1
            }
        }
        return (records, damaged)
    }

    /// Adds records at the end of the file, as one write.
    package func append(_ records: [RoomRecord]) throws(StageKitError) {
        var data = Data()
        for record in records {
            guard let line = try? JSONEncoder.room.encode(record) else { continue }
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        do {
            if !FileManager.default.fileExists(atPath: events.path) {
                try Data().write(to: events)
            }
            let handle = try FileHandle(forWritingTo: events)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
        } catch {
            throw .writeFailed(path: events.path, reason: error.localizedDescription)
        }
    }
}
