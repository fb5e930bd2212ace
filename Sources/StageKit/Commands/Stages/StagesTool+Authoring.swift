import Foundation
import StepRunning
import WorkbookModel

extension StagesTool {
    /// The authoring commands: each changes the stages, then the chapter texts and the package's final
    /// code follow, and the chain is checked (no stage is built, but a red being recorded).
    func author(_ command: StagesCommand) throws(StageKitError) -> Int32 {
        switch command {
        case .record(let name, let from, let kind, let title, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: name, allowingNext: true)
            guard let number, number > 0 else { throw .usage("name a step to record, like 3.4") }
            let recorder = StageRecorder(workbook: workbook) { () throws(StageKitError) in
                try stageRunner(for: workbook)
            }
            // The package after the step as it was (before it, for a new step): the change to carry.
            let original =
                chapter.stage(number).map { workbook.tree(after: $0, in: chapter) }
                ?? chapter.stages.last.map { workbook.tree(after: $0, in: chapter) } ?? FileTree()
            let id = try recorder.record(
                chapter, number: number, from: resolve(from), kind: kind, title: title)
            print("recorded step \(id).")
            guard try carryRecorded(chapter.number, number, from: original, root: root) else {
                _ = try afterAuthoring(command)
                return 1
            }
        case .edit(let name, let from, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: name)
            guard let number, let stage = chapter.stage(number) else { throw .unknownStage(name) }
            guard let from else {
                let folder = workbook.root.appendingPathComponent("Workspace-edit")
                _ = try StageCheckout.write(
                    stage: stage, of: chapter, workbook: workbook, into: folder, force: false)
                print("The package after step \(name) is in \(folder.path). Edit it, then run:")
                print("  Scripts/stages edit \(name) --from \(folder.path)")
                return 0
            }
            let edited = try StageFolder.packageFiles(of: chapter, in: resolve(from))
            let (writes, conflicts) = try CarryForward(workbook: workbook, git: try locate("git")).plan(
                chapter, number: number, edited: edited)
            guard conflicts.isEmpty else {
                printError("stages: nothing was changed; the change cannot be carried forward past these:")
                for conflict in conflicts { printError("  \(conflict)") }
                return 1
            }
            for write in writes { try write.folder.write(write.files, deleting: write.deletions) }
            print("carried the change of step \(name) through \(writes.count) step folder(s).")
        case .insert(let name, let kind, let title, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: name, allowingNext: true)
            guard let number, number > 0 else { throw .usage("name where the step goes, like 3.4") }
            let folder = try StageRenumbering(workbook: workbook, chapter: chapter).insert(
                at: number, kind: kind, title: title)
            print("inserted step \(name) in \(folder.path); write its files with:")
            print(
                "  Scripts/stages record \(name) --from DIR   (a package: Scripts/checkout-stage writes one)")
        case .remove(let name, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: name)
            guard let number, number > 0 else { throw .unknownStage(name) }
            let (backup, mentions) = try StageRenumbering(workbook: workbook, chapter: chapter).remove(number)
            print("removed step \(name); its folder is in \(backup.path).")
            for path in mentions { print("  \(path) named step \(name): say what it means now.") }
        case .split(let name, let title, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: name)
            guard let number, number > 0 else {
                throw .usage("name the last step of the first half, like 5.26")
            }
            let split = ChapterSplit(workbook: workbook, chapter: chapter, step: number, title: title)
            let (folder, leftovers) = try split.run()
            print(
                "chapter \(chapter.number) now ends at step \(name); the steps after it are in \(folder.path)."
            )
            print(
                "Write its chapter.md introduction, and a recap.md and an ending.md for chapter"
                    + " \(chapter.number) (its own went with the steps).")
            if !leftovers.isEmpty { print("Read each of these, which the split could not decide:") }
            for line in leftovers { print("  \(line)") }
        default:
            return 2
        }
        return try afterAuthoring(command)
    }

    /// Carries a step just recorded into the later steps and the continuing chapters; false, with the
    /// conflicts said and nothing carried, when it cannot.
    func carryRecorded(_ chapterNumber: Int, _ number: Int, from original: FileTree, root: String?)
        throws(StageKitError) -> Bool
    {
        let workbook = try load(root)
        guard let chapter = workbook.chapter(chapterNumber) else { throw .unknownChapter("\(chapterNumber)") }
        let (writes, conflicts) = try CarryForward(workbook: workbook, git: try locate("git")).planCarrying(
            chapter, number: number, from: original)
        guard conflicts.isEmpty else {
            printError("stages: the step is recorded, but its change cannot be carried past these:")
            for conflict in conflicts { printError("  \(conflict)") }
            return false
        }
        for write in writes { try write.folder.write(write.files, deleting: write.deletions) }
        if !writes.isEmpty { print("carried it through \(writes.count) later step folder(s).") }
        return true
    }

    /// The final code and the texts made again from the changed stages, then the chain checked.
    func afterAuthoring(_ command: StagesCommand) throws(StageKitError) -> Int32 {
        let root: String?
        switch command {
        case .record(_, _, _, _, let value), .edit(_, _, let value), .insert(_, _, _, let value),
            .remove(_, let value), .split(_, _, let value):
            root = value
        default: root = nil
        }
        let workbook = try load(root)
        try workbook.syncFinalCode()
        _ = try execute(.render(check: false, root: root))
        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook)
        for problem in problems { print("chain  \(problem)") }
        return problems.isEmpty ? 0 : 1
    }

    func stageRunner(for workbook: Workbook) throws(StageKitError) -> SwiftPMStageRunner {
        SwiftPMStageRunner(
            swift: try SwiftToolchain.locate(environment: environment),
            scratch: workbook.root.appendingPathComponent(".build-stages"))
    }

    /// A program on PATH.
    func locate(_ name: String) throws(StageKitError) -> URL {
        guard let program = SwiftToolchain.find(name, environment: environment) else {
            throw .missingFile(path: name, why: "the authoring tools use it, and it is not on PATH")
        }
        return program
    }
}
