import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel
import WorkbookText

/// Writes one step as a package of its own into a folder a learner can open and run `swift test` in.
enum StepCheckout {
    struct Result: Equatable, Sendable {
        var folder: URL
        /// Where the work the folder held was copied before it was replaced, when it held any.
        var backup: URL?
    }

    /// Refuses a folder that holds work unless `force` is set; then copies that work (not its build
    /// products) to a backup folder beside it first. The package is written beside the folder and renamed into place,
    /// so the folder is never left half written.
    static func write(
        step: Step?, of chapter: Chapter, workbook: Workbook, into folder: URL, force: Bool,
        now: Date = Date()
    ) throws(StageKitError) -> Result {
        let fileManager = FileManager.default
        try ReplaceableFolder.check(folder, workbookRoot: workbook.root)
        // Build products, editors' files and the workbook tool's own files are not work to keep.
        let holdsWork = LearnerWorkspace.holdsWork(folder)
        var isFolder: ObjCBool = false
        let exists = fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw .unexpectedFile(
                path: folder.path, why: "it is a file, and a step is checked out into a folder")
        }
        if holdsWork && !force { throw .workspaceNotEmpty(path: folder.path) }

        let parent = folder.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(folder.lastPathComponent).incoming-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        let tree = step.map { workbook.tree(after: $0, in: chapter) } ?? workbook.startTree(of: chapter)
        var package = StepPackage.files(for: chapter, tree: tree)
        package.files["STAGE.md"] = Data(
            (step.map { StepTexts.stepNote($0, of: chapter) } ?? StepTexts.startNote(of: chapter)).utf8)
        package.files[".gitignore"] = Data(StepPackage.gitignore.utf8)
        try PackageWriter.sync(package, into: staging)
        for path in [chapter.sourcesPath, chapter.testsPath] {
            try? fileManager.createDirectory(
                at: staging.appendingPathComponent(path), withIntermediateDirectories: true)
        }

        var backup: URL?
        if exists {
            if !holdsWork {
                try? fileManager.removeItem(at: folder)
            } else {
                // The work is copied (not its build products), and only then is the folder replaced.
                backup = try Backups(workspace: folder).make(now: now)
                do {
                    try fileManager.removeItem(at: folder)
                } catch {
                    throw .writeFailed(path: folder.path, reason: error.localizedDescription)
                }
            }
        }
        do {
            try fileManager.moveItem(at: staging, to: folder)
        } catch {
            throw .writeFailed(path: folder.path, reason: error.localizedDescription)
        }
        return Result(folder: folder, backup: backup)
    }
}
