import Foundation
import WorkbookModel

/// Copies of a learner's work, kept beside the workspace before anything replaces it:
/// `Workspace.backup-20261122-093000/`, holding everything but build products, their progress included.
struct Backups {
    let workspace: URL
    /// Copies one file (or link) to where it goes: FileManager's copy, unless a test makes it fail.
    var copyFile: (_ from: URL, _ to: URL) throws -> Void = {
        try FileManager.default.copyItem(at: $0, to: $1)
    }

    struct Backup {
        let folder: URL
        let date: Date?
        /// Where the learner was, from the copy's own progress file.
        let progress: LearnerProgress?

        /// The step the learner was on.
        var step: String? { progress?.stepID }

        var name: String { folder.lastPathComponent }
    }

    /// Copies the workspace's work into a new backup folder and returns it. The copy is written beside
    /// under a name no list takes for a backup (`Workspace.unfinished-backup-<UUID>`), verified, and
    /// only then renamed into place: a copy that failed part-way (a full disk) is removed, never listed.
    func make(now: Date) throws(StageKitError) -> URL {
        let unfinished = workspace.deletingLastPathComponent().appendingPathComponent(
            "\(workspace.lastPathComponent).unfinished-backup-\(UUID().uuidString)")
        do throws(StageKitError) {
            try copyWork(from: workspace, to: unfinished)
            let target = Self.freeName(for: workspace, now: now)
            do {
                try FileManager.default.moveItem(at: unfinished, to: target)
            } catch {
                throw .writeFailed(path: target.path, reason: error.localizedDescription)
            }
            return target
        } catch {
            try? FileManager.default.removeItem(at: unfinished)
            throw error
        }
    }

    /// The backups of this workspace, newest first.
    func list() -> [Backup] {
        let parent = workspace.deletingLastPathComponent()
        let prefix = workspace.lastPathComponent + ".backup-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        // A backup is a folder the tools made: a file or a link of that name is no copy to restore.
        return names.filter { $0.hasPrefix(prefix) && Self.isMadeFolder(parent.appendingPathComponent($0)) }
            .sorted(by: >).map { name in
                let folder = parent.appendingPathComponent(name)
                let stamp = String(name.dropFirst(prefix.count).prefix(15))
                let progress = FileManager.default.contents(
                    atPath: folder.appendingPathComponent(LearnerProgress.file).path
                )
                .flatMap { try? JSONDecoder().decode(LearnerProgress.self, from: $0) }
                return Backup(folder: folder, date: Self.date(fromStamp: stamp), progress: progress)
            }
    }

    /// Whether `folder` is a real folder (not a link) holding a package or a learner's progress.
    static func isMadeFolder(_ folder: URL) -> Bool {
        let type =
            (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.type] as? FileAttributeType
        return type == .typeDirectory
            && (FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
                || FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(LearnerProgress.file).path))
    }

    /// Makes the workspace hold the backup's work (its build folder stays, warm).
    func restore(_ backup: Backup) throws(StageKitError) {
        let fileManager = FileManager.default
        let workbookFolder = workspace.appendingPathComponent(".workbook")
        let inner = ((try? fileManager.contentsOfDirectory(atPath: workbookFolder.path)) ?? []).map {
            ".workbook/\($0)"
        }
        let top = ((try? fileManager.contentsOfDirectory(atPath: workspace.path)) ?? []).filter {
            $0 != ".workbook"
        }
        for path in top + inner where !LearnerWorkspace.isDisposable(path) {
            do {
                try fileManager.removeItem(at: workspace.appendingPathComponent(path))
            } catch {
                throw .writeFailed(
                    path: workspace.appendingPathComponent(path).path, reason: error.localizedDescription)
            }
        }
        try copyWork(from: backup.folder, to: workspace)
    }

    /// Copies every file of `source` that is not disposable into `target`, then reads both to make sure
    /// the copy holds each of them: nothing may replace work whose copy was not verified. A `source`
    /// that is a symbolic link is copied from the folder it points to.
    func copyWork(from source: URL, to target: URL) throws(StageKitError) {
        let fileManager = FileManager.default
        let source = source.resolvingSymlinksInPath()
        guard let walker = fileManager.enumerator(atPath: source.path) else {
            throw .unreadable(path: source.path)
        }
        try? fileManager.createDirectory(at: target, withIntermediateDirectories: true)
        while let path = walker.nextObject() as? String {
            if LearnerWorkspace.isDisposable(path) {
                walker.skipDescendants()
                continue
            }
            let from = source.appendingPathComponent(path)
            let to = target.appendingPathComponent(path)
            do {
                // A link inside the work is copied as a link, as the walk left it.
                if Self.type(of: from) == .typeDirectory {
                    try fileManager.createDirectory(at: to, withIntermediateDirectories: true)
                } else {
                    try? fileManager.removeItem(at: to)
                    try copyFile(from, to)
                }
            } catch {
                throw .writeFailed(path: to.path, reason: error.localizedDescription)
            }
        }
        try Self.verify(copy: target, of: source)
    }

    /// Throws unless every file worth keeping in `original` is in `copy` with the same bytes. It walks
    /// the folders on its own, so a copy that missed files is not checked by the walk that missed them.
    static func verify(copy: URL, of original: URL) throws(StageKitError) {
        let fileManager = FileManager.default
        var folders = [""]
        while let relative = folders.popLast() {
            let folder = relative.isEmpty ? original : original.appendingPathComponent(relative)
            guard let names = try? fileManager.contentsOfDirectory(atPath: folder.path) else {
                throw .unreadable(path: folder.path)
            }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                if LearnerWorkspace.isDisposable(path) { continue }
                let was = original.appendingPathComponent(path)
                let kept = copy.appendingPathComponent(path)
                let held: Bool
                switch type(of: was) {
                case .typeDirectory:
                    folders.append(path)
                    held = type(of: kept) == .typeDirectory
                case .typeSymbolicLink:
                    // A link is kept as a link to the same place, never followed (it may lead above).
                    held =
                        type(of: kept) == .typeSymbolicLink
                        && (try? fileManager.destinationOfSymbolicLink(atPath: was.path))
                            == (try? fileManager.destinationOfSymbolicLink(atPath: kept.path))
                default:
                    held = fileManager.contentsEqual(atPath: was.path, andPath: kept.path)
                }
                guard held else {
                    throw .writeFailed(
                        path: copy.path,
                        reason:
                            "the copy does not hold \(path) as it is in \(original.path), so nothing was replaced"
                    )
                }
            }
        }
    }

    /// What a path is, the link itself when it is one.
    static func type(of url: URL) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
    }

    /// A backup's time in its name, "20261121-213000" in UTC, and back. Calendar is Sendable on every
    /// platform; Apple's `DateFormatter` is not, so a shared one cannot be kept (PORTABILITY.md).
    static func stamp(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2) + "-"
            + digits(parts.hour, 2) + digits(parts.minute, 2) + digits(parts.second, 2)
    }

    /// The date a stamp names; nil when it is not one.
    static func date(fromStamp stamp: String) -> Date? {
        let characters = Array(stamp)
        guard characters.count == 15, characters[8] == "-" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let text = String(characters[range])
            return text.allSatisfy(\.isASCII) ? Int(text) : nil
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15)
        else { return nil }
        let parts = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = utc.date(from: parts), stamp == Self.stamp(date) else { return nil }
        return date
    }

    private static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }

    /// "Workspace.backup-20261121-213000", with "-2", "-3" … when that exists already.
    static func freeName(for folder: URL, now: Date) -> URL {
        let base = "\(folder.lastPathComponent).backup-\(stamp(now))"
        var candidate = folder.deletingLastPathComponent().appendingPathComponent(base)
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.deletingLastPathComponent().appendingPathComponent("\(base)-\(counter)")
            counter += 1
        }
        return candidate
    }
}
