import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel

extension AuthorTool {
    /// Carries a step just recorded into the later steps and the continuing chapters; false, with the
    /// conflicts said and nothing carried, when it cannot.
    func carryRecorded(_ chapterNumber: Int, _ number: Int, from original: FileTree)
        throws(StageKitError) -> Bool
    {
        let workbook = try load()
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

    /// After an authoring command: the final code and the texts made again from the changed steps,
    /// then the chain checked (no step is built).
    func afterAuthoring() throws(StageKitError) -> Int32 {
        let workbook = try load()
        try workbook.syncFinalCode()
        _ = try RenderCommand(check: false).run(in: self)
        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook)
        for problem in problems { print("chain  \(problem)") }
        return problems.isEmpty ? 0 : 1
    }

    func stepRunner(for workbook: Workbook) throws(StageKitError) -> SwiftPMStepRunner {
        SwiftPMStepRunner(
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
