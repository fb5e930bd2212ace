import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel

/// `stages edit C.S --from DIR`: an author's change to the package after step C.S, recorded in that
/// step and carried forward through every later step of the chapter, and of the chapters that
/// continue it, by a three-way merge of each later snapshot of a changed file (`git merge-file`). On
/// a conflict nothing is written, and the conflicts are said. `stages record` carries the step it
/// writes the same way.
package struct CarryForward {
    let workbook: Workbook
    let git: URL

    package init(workbook: Workbook, git: URL) {
        self.workbook = workbook
        self.git = git
    }

    package struct Conflict: Equatable, CustomStringConvertible {
        var step: String
        var path: String
        package var description: String {
            "step \(step), \(path): the change and the step's own edit of it meet"
        }
    }

    /// The new files of every step folder the change reaches, by folder URL; or the conflicts.
    package func plan(_ chapter: Chapter, number: Int, edited: FileTree) throws(StageKitError)
        -> (writes: [(folder: StepFolder, files: FileTree, deletions: [String])], conflicts: [Conflict])
    {
        guard let step = chapter.step(number) else {
            throw .unknownStep(StepID(chapter: chapter.number, step: number).description)
        }
        let before = workbook.tree(before: step, in: chapter)
        var writes: [(StepFolder, FileTree, [String])] = [
            (
                StepFolder(workbook, chapter, folderName: step.folderName),
                FileTree(edited.files.filter { before.files[$0.key] != $0.value }),
                before.paths.filter { edited.files[$0] == nil }
            )
        ]
        var conflicts: [Conflict] = []
        try carry(
            through: Array(chapter.steps.drop { $0.number <= number }), of: chapter,
            from: workbook.tree(after: step, in: chapter), edited: edited, into: &writes,
            conflicts: &conflicts)
        return (writes, conflicts)
    }

    /// The later step folders, here and in the chapters that continue this one, that step C.S's new
    /// content reaches, once it is written: its change is `original` (the package after the step as it
    /// was, or before it when the step is new) → the package after it now.
    package func planCarrying(_ chapter: Chapter, number: Int, from original: FileTree) throws(StageKitError)
        -> (writes: [(folder: StepFolder, files: FileTree, deletions: [String])], conflicts: [Conflict])
    {
        guard let step = chapter.step(number) else {
            throw .unknownStep(StepID(chapter: chapter.number, step: number).description)
        }
        var writes: [(StepFolder, FileTree, [String])] = []
        var conflicts: [Conflict] = []
        try carry(
            through: Array(chapter.steps.drop { $0.number <= number }), of: chapter, from: original,
            edited: workbook.tree(after: step, in: chapter), into: &writes, conflicts: &conflicts)
        return (writes, conflicts)
    }

    /// Merges the change (`original` → `changed`) into each of these steps' snapshots, then into every
    /// chapter that continues this one, its module renamed.
    private func carry(
        through steps: [Step], of chapter: Chapter, from original: FileTree, edited: FileTree,
        into writes: inout [(StepFolder, FileTree, [String])], conflicts: inout [Conflict]
    ) throws(StageKitError) {
        var original = original
        var changed = edited
        for later in steps {
            var files = later.changes
            for (path, theirs) in later.changes.files where original.files[path] != changed.files[path] {
                switch try merge(base: original.files[path], mine: changed.files[path], theirs: theirs) {
                case .some(let merged): files.files[path] = merged
                case .none: conflicts.append(Conflict(step: later.id, path: path))
                }
            }
            if files != later.changes {
                writes.append(
                    (StepFolder(workbook, chapter, folderName: later.folderName), files, later.deletions))
            }
            original = workbook.tree(after: later, in: chapter)
            changed = changed.overlaid(with: files)
            for path in later.deletions { changed.files[path] = nil }
        }
        for next in workbook.chapters where next.continues == chapter.number {
            let renamedOriginal = original.renamingModule(chapter.module, to: next.module)
            let renamedChanged = changed.renamingModule(chapter.module, to: next.module)
            // A file the next chapter's start/ replaces would take the change away unseen.
            for path in next.start.paths where renamedOriginal.files[path] != renamedChanged.files[path] {
                conflicts.append(Conflict(step: "\(next.number).0", path: path))
            }
            try carry(
                through: next.steps, of: next, from: renamedOriginal.overlaid(with: next.start),
                edited: renamedChanged.overlaid(with: next.start), into: &writes, conflicts: &conflicts)
        }
    }

    /// A three-way merge of one file; nil when the two sides' changes meet.
    func merge(base: Data?, mine: Data?, theirs: Data) throws(StageKitError) -> Data? {
        guard let mine else { return nil }  // the change deletes a file a later step still writes
        let folder = TemporaryFolder.uniqueName("merge-")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["mine", "base", "theirs"].map { folder.appendingPathComponent($0) }
        for (url, data) in zip(paths, [mine, base ?? Data(), theirs]) {
            try PackageWriter.write(data, to: url)
        }
        let result: ChildProcess.Result
        do {
            // git merge-file writes the merge into its first file; it exits with the number of conflicts.
            result = try ChildProcess(
                git, ["merge-file", "--quiet", paths[2].path, paths[1].path, paths[0].path],
                timeLimit: .seconds(60)
            ).run()
        } catch {
            throw .missingFile(path: git.path, why: "git could not be started to merge (\(error.reason))")
        }
        guard result.succeeded else { return nil }
        return FileManager.default.contents(atPath: paths[2].path)
    }
}
