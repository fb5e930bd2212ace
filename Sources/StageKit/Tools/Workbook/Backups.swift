import Foundation

/// Copies of a learner's work, kept beside the workspace before anything replaces it:
/// `Workspace.backup-20261122-093000/`, holding everything but build products, their progress included.
struct Backups {
    let workspace: URL

    struct Backup {
        let folder: URL
        let date: Date?
        /// The step the learner was on, from the copy's own progress file.
        let step: String?

        var name: String { folder.lastPathComponent }
    }

    /// Copies the workspace's work into a new backup folder and returns it.
    func make(now: Date) throws(StageKitError) -> URL {
        let target = Self.freeName(for: workspace, now: now)
        try copyWork(from: workspace, to: target)
        return target
    }

    /// The backups of this workspace, newest first.
    func list() -> [Backup] {
        let parent = workspace.deletingLastPathComponent()
        let prefix = workspace.lastPathComponent + ".backup-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted(by: >).map { name in
            let folder = parent.appendingPathComponent(name)
            let stamp = String(name.dropFirst(prefix.count).prefix(15))
            let progress = FileManager.default.contents(
                atPath: folder.appendingPathComponent(LearnerProgress.file).path
            )
            .flatMap { try? JSONDecoder().decode(LearnerProgress.self, from: $0) }
            return Backup(folder: folder, date: Self.formatter.date(from: stamp), step: progress?.stageID)
        }
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

    /// Copies every file of `source` that is not disposable into `target`.
    func copyWork(from source: URL, to target: URL) throws(StageKitError) {
        let fileManager = FileManager.default
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
            var isFolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: from.path, isDirectory: &isFolder)
            do {
                if isFolder.boolValue {
                    try fileManager.createDirectory(at: to, withIntermediateDirectories: true)
                } else {
                    try? fileManager.removeItem(at: to)
                    try fileManager.copyItem(at: from, to: to)
                }
            } catch {
                throw .writeFailed(path: to.path, reason: error.localizedDescription)
            }
        }
    }

    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }()

    /// "Workspace.backup-20261121-213000", with "-2", "-3" … when that exists already.
    static func freeName(for folder: URL, now: Date) -> URL {
        let base = "\(folder.lastPathComponent).backup-\(formatter.string(from: now))"
        var candidate = folder.deletingLastPathComponent().appendingPathComponent(base)
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.deletingLastPathComponent().appendingPathComponent("\(base)-\(counter)")
            counter += 1
        }
        return candidate
    }
}
