import Foundation
import StepRunning
import WorkbookModel

/// `stages insert` and `stages remove`: a step in the middle of a chapter, made or taken away. The
/// later step folders are renumbered, and every text that names a moved step is rewritten.
package struct StepRenumbering {
    let workbook: Workbook
    let chapter: Chapter

    package init(workbook: Workbook, chapter: Chapter) {
        self.workbook = workbook
        self.chapter = chapter
    }

    private var stagesFolder: URL {
        workbook.root.appendingPathComponent("\(chapter.folderPath)/stages")
    }

    /// Makes room at `number` and writes a step there that changes nothing yet: `record` fills it.
    package func insert(at number: Int, kind: StepKind, title: String) throws(StageKitError) -> URL {
        guard (1...chapter.steps.count + 1).contains(number) else {
            throw .usage(
                "chapter \(chapter.number) has \(chapter.steps.count) steps: insert at 1 to \(chapter.steps.count + 1)"
            )
        }
        let slug = StepFolder.slug(title)
        guard !slug.isEmpty else { throw .usage("the title '\(title)' gives no folder name: use letters") }
        try rewriteReferences { $0 >= number ? $0 + 1 : $0 }
        for step in chapter.steps.reversed() where step.number >= number {
            try move(step.folderName, to: Step.folderName(number: step.number + 1, slug: step.slug))
        }
        let folder = stagesFolder.appendingPathComponent(Step.folderName(number: number, slug: slug))
        var header = ["---", "kind: \(kind.rawValue)", "title: \(title)"]
        if kind.fails {
            header += [
                "expect: compile-error",
                "diagnostic: record this step (stages record \(StepID(chapter: chapter.number, step: number)) --from DIR) to write what it shows",
            ]
        }
        let text =
            header + ["---", "Say what this step teaches, what to write, and what the learner will see.", ""]
        try PackageWriter.write(
            Data(text.joined(separator: "\n").utf8), to: folder.appendingPathComponent("stage.md"))
        return folder
    }

    /// Takes the step away: its files go into the next step where that step does not write them, so
    /// that the code after it stays the same; its folder goes to `.build/removed-stages/`. Returns
    /// that copy, and the texts that named the removed step (they now name the step after it).
    package func remove(_ number: Int, now: Date = Date()) throws(StageKitError) -> (
        backup: URL, mentions: [String]
    ) {
        guard let step = chapter.step(number) else {
            throw .unknownStep(StepID(chapter: chapter.number, step: number).description)
        }
        if let next = chapter.step(number + 1) {
            try fold(step, into: next)
        }
        let mentions = StepReferences.textFiles(of: workbook).filter { url in
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return StepReferences.steps(in: text).contains { $0 == (chapter.number, number) }
        }.map { $0.path.replacingOccurrences(of: workbook.root.path + "/", with: "") }
        // The texts are rewritten while the folders still have the names the workbook was read with.
        try rewriteReferences { $0 > number ? $0 - 1 : $0 }
        let stamp = Int(now.timeIntervalSince1970)
        let backup = workbook.root.appendingPathComponent(
            ".build/removed-stages/\(chapter.folderName)/\(step.folderName)-\(stamp)")
        do {
            try FileManager.default.createDirectory(
                at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: stagesFolder.appendingPathComponent(step.folderName), to: backup)
        } catch {
            throw .writeFailed(path: backup.path, reason: error.localizedDescription)
        }
        for later in chapter.steps where later.number > number {
            try move(later.folderName, to: Step.folderName(number: later.number - 1, slug: later.slug))
        }
        return (backup, mentions)
    }

    /// Writes the files of `step` into `next` where `next` neither writes nor deletes them, and its
    /// deletions likewise.
    private func fold(_ step: Step, into next: Step) throws(StageKitError) {
        let folder = StepFolder(workbook, chapter, folderName: next.folderName)
        var files = next.changes
        let before = workbook.tree(before: step, in: chapter)
        var deletions = next.deletions.filter { before.files[$0] != nil }
        for (path, data) in step.changes.files
        where files.files[path] == nil && !next.deletions.contains(path) {
            files.files[path] = data
        }
        for path in step.deletions where files.files[path] == nil && !deletions.contains(path) {
            deletions.append(path)
        }
        try folder.write(files, deleting: deletions)
    }

    private func move(_ name: String, to newName: String) throws(StageKitError) {
        try PackageWriter.move(
            stagesFolder.appendingPathComponent(name), to: stagesFolder.appendingPathComponent(newName))
    }

    /// Renumbers this chapter's steps in every text of the workbook that names them.
    private func rewriteReferences(_ renumber: (Int) -> Int) throws(StageKitError) {
        for url in StepReferences.textFiles(of: workbook) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let rewritten = StepReferences.rewrite(text) { chapterNumber, step in
                chapterNumber == chapter.number ? renumber(step) : step
            }
            if rewritten != text { try PackageWriter.write(Data(rewritten.utf8), to: url) }
        }
    }
}
