import Foundation
import StepRunning
import WorkbookModel
import WorkbookText

/// Writes one stage as a package of its own into a folder a learner can open and run `swift test` in.
package enum StepCheckout {
    package struct Result: Equatable, Sendable {
        package var folder: URL
        /// Where the work the folder held was copied before it was replaced, when it held any.
        package var backup: URL?
    }

    /// Refuses a folder that holds work unless `force` is set; then copies that work (not its build
    /// products) to a backup folder beside it first. The package is written beside the folder and renamed into place,
    /// so the folder is never left half written.
    package static func write(
        stage: Step?, of chapter: Chapter, workbook: Workbook, into folder: URL, force: Bool,
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
                path: folder.path, why: "it is a file, and a stage is checked out into a folder")
        }
        if holdsWork && !force { throw .workspaceNotEmpty(path: folder.path) }

        let parent = folder.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(folder.lastPathComponent).incoming-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: staging) }
        let tree = stage.map { workbook.tree(after: $0, in: chapter) } ?? workbook.startTree(of: chapter)
        var package = StepPackage.files(for: chapter, tree: tree)
        package.files["STAGE.md"] = Data(
            (stage.map { stageNote($0, of: chapter) } ?? startNote(of: chapter)).utf8)
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

    static func stageNote(_ stage: Step, of chapter: Chapter) -> String {
        let lines =
            [
                "# Step \(stage.id) \(stage.kind.symbol) \(stage.title)", "",
                "Chapter \(chapter.number), \(chapter.title). This folder is the package as it is after this step.",
                "", stage.text, "", "Run `swift test`. " + ChapterRenderer.seen(stage.expectation), "",
            ] + ChapterRenderer.expectationLines(stage.expectation) + ChapterRenderer.hintLines(stage.hints)
        return lines.joined(separator: "\n")
    }

    static func startNote(of chapter: Chapter) -> String {
        var lines = [
            "# Chapter \(chapter.number): \(chapter.title), the start", "",
            "This folder is the package before the chapter's first step.", "", chapter.intro, "",
        ]
        if let first = chapter.stages.first {
            lines += [
                "Your first step is \(first.id) \(first.kind.symbol) \(first.title). Its text is in"
                    + " \(chapter.readmePath).", "",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
