import Foundation
import WorkbookModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a room keeps what it must not lose, in a folder of the folder it was started from
/// (`.workbook-room/`): its code and port (`room.json`), and every event it took, one JSON line each
/// (`events.jsonl`), appended as it is taken. Started again from the same folder, a room has the
/// same code, port and events.
package struct RoomLedger: Sendable {
    static let folderName = ".workbook-room"

    /// What stays the same from one start of the room to the next.
    package struct Settings: Codable, Sendable, Equatable {
        package var code: String
        package var port: UInt16
    }

    package let folder: URL
    package var events: URL { folder.appendingPathComponent("events.jsonl") }
    var settingsFile: URL { folder.appendingPathComponent("room.json") }

    /// The ledger in `.workbook-room/` of `parent`; the folder is made if missing and `making`. It may
    /// not be a link: the room would write wherever it points.
    package init(in parent: URL, making: Bool = true) throws(StageKitError) {
        folder = parent.appendingPathComponent(Self.folderName)
        let path = folder.path
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
            throw .room(
                "\(path) is a link: a room keeps its events in a folder of its own, not through a link")
        }
        guard making else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .room("the room cannot make \(path): \(error.localizedDescription)")
        }
    }

    /// Holds the folder for one room's server: a second `room serve` here would write the same events
    /// file. Kept until the returned lock is let go (or the process ends). It also checks that the
    /// events file can be written, before any learner is told the room is open.
    package func holdForServing() throws(StageKitError) -> ServingLock {
        let path = folder.appendingPathComponent("lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .room(
                "a room is already served from \(folder.deletingLastPathComponent().path): close it first (Ctrl-C)"
            )
        }
        let lock = ServingLock(descriptor: descriptor)
        try append([])
        return lock
    }

    /// The room's settings as kept, or new ones (a new code, the standard port) the first time.
    package func settings() throws(StageKitError) -> Settings {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: settingsFile.path, isDirectory: &isFolder),
            isFolder.boolValue
        {
            throw .room("\(settingsFile.path) is a folder, where the room keeps its code: move it away")
        }
        if let data = FileManager.default.contents(atPath: settingsFile.path) {
            guard let settings = try? JSONDecoder().decode(Settings.self, from: data),
                Self.isCode(settings.code)
            else {
                throw .room(
                    "\(settingsFile.path) is damaged: move it away to open a new room (with a new code)")
            }
            return settings
        }
        let settings = Settings(code: Self.newCode(), port: Self.standardPort)
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
    static let standardPort: UInt16 = 8321
    /// Letters and digits that cannot be taken for one another when read off a projector.
    package static let codeLetters = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    static func newCode() -> String {
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

    /// Adds records at the end of the file, as one write. A line cut short before (the machine stopped
    /// mid-write) is ended first, so that it alone is lost; a write that fails is taken back.
    func append(_ records: [RoomRecord]) throws(StageKitError) {
        var data = Data()
        for record in records {
            guard let line = try? JSONEncoder.room.encode(record) else { continue }
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        var handle: FileHandle?
        var end: UInt64 = 0
        do {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: events.path, isDirectory: &isFolder), isFolder.boolValue
            {
                throw CocoaError(.fileWriteInvalidFileName)
            }
            if !FileManager.default.fileExists(atPath: events.path) {
                try Data().write(to: events)
            }
            let file = try FileHandle(forUpdating: events)
            handle = file
            end = try file.seekToEnd()
            if end > 0 {
                try file.seek(toOffset: end - 1)
                if try file.read(upToCount: 1) != Data([UInt8(ascii: "\n")]) {
                    data.insert(UInt8(ascii: "\n"), at: 0)
                }
            }
            try file.seekToEnd()
            try file.write(contentsOf: data)
            try file.close()
        } catch {
            try? handle?.truncate(atOffset: end)
            try? handle?.close()
            throw .writeFailed(path: events.path, reason: error.localizedDescription)
        }
    }
}

/// A room's hold on its folder, for as long as it is served.
package final class ServingLock: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
