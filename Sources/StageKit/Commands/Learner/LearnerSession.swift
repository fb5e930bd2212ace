import Foundation
import StepRunning
import WorkbookModel
import WorkbookText

/// One run of the tool on one workspace: the workbook is loaded, and the command carried out.
struct LearnerSession {
    let workbook: Workbook
    let workspace: LearnerWorkspace
    let timeLimit: Double
    let effects: LearnerTool.Effects
    /// Where the tool was started: a room keeps its events in a folder of it.
    let currentFolder: URL
    /// Where a command that answers with a value (`check --json`) writes it: standard output, which
    /// then holds that value alone, all else the command says going to standard error.
    let answer: (String) -> Void

    init(
        options: WorkbookOptions, currentFolder: URL, effects: LearnerTool.Effects,
        answersWithAValue: Bool = false
    ) throws(StageKitError) {
        let root = try Self.findRoot(from: currentFolder, given: options.root)
        workbook = try WorkbookLoader.load(root: root)
        let folder =
            options.workspace.map { resolve($0, from: currentFolder) }
            ?? root.appendingPathComponent("Workspace")
        // Not the workbook's own folder nor one above it: its lock and files would land among the
        // workbook's, and a step would be written over them.
        if ReplaceableFolder.holdsWorkbook(folder, workbookRoot: root) {
            throw .usage(
                "the workspace cannot be the workbook's own folder or one above it, like \(folder.path)")
        }
        workspace = LearnerWorkspace(folder: folder, workbook: workbook)
        timeLimit = options.timeLimit
        answer = effects.print
        var effects = effects
        if answersWithAValue { effects.print = effects.printError }
        self.effects = effects
        self.currentFolder = currentFolder
    }

    func print(_ line: String) { effects.print(line) }

    /// Says what the learner arrives at: a step, or the chapter's end.
    func describe(_ step: Step?, of chapter: Chapter) {
        for line in StepTexts.arrival(at: step, of: chapter, workspace: workspace.folder.path) { print(line) }
    }

    /// Where a warm-up stopped at its limit writes what it was doing.
    static let stoppedWarmUpNote = ".workbook/warm-up-stopped"

    /// Says once that the build that began with the step was stopped, and what it was doing then.
    func tellOfStoppedWarmUp() {
        let note = workspace.url(Self.stoppedWarmUpNote)
        guard let data = FileManager.default.contents(atPath: note.path) else { return }
        try? FileManager.default.removeItem(at: note)
        let doing = String(decoding: data, as: UTF8.self).filter { !$0.isNewline }
        print(
            "The build that began in the background with your step ran past \(Int(SwiftPMStepRunner.warmUpLimit)) s"
                + " and was stopped, while it showed: \(doing.prefix(200)). Does your Package.swift or a build"
                + " plugin wait for something? This command builds again.")
    }

    /// Runs the command, holding the workspace's lock if it needs it. Once a command has written the
    /// package, it is built in the background, the lock handed over, so that a command run at once
    /// waits for that build instead of building cold itself.
    func run(_ command: any LearnerCommand) throws(StageKitError) -> Int32 {
        let kind = type(of: command)
        guard kind.holdsLock else {
            let end = try command.end(in: self)
            tellRoom(after: kind, status: end.status, shown: end.shown)
            return end.status
        }
        return try WorkspaceLock.holding(workspace.folder, waiting: print) { lock throws(StageKitError) in
            tellOfStoppedWarmUp()
            let end = try command.end(in: self)
            tellRoom(after: kind, status: end.status, shown: end.shown)
            if end.status == 0, kind.writesPackage { lock.handOver { startWarmUp(lock: $0) } }
            return end.status
        }
    }

    /// Builds the new package in the background while the learner reads the step, so that their first
    /// check costs what later ones do. It is handed the workspace's lock (`lock`), and a command that
    /// needs the workspace waits for it.
    func startWarmUp(lock: Int32) {
        effects.startWarmUp(
            [
                "warm", "--root", workbook.root.path, "--workspace", workspace.folder.path,
                "--lock-descriptor",
                "\(WorkspaceLock.handedOverDescriptor)",
            ], lock)
    }

    /// The learner's place, read and checked against the workbook.
    func current() throws(StageKitError) -> LearnerPlace {
        guard let progress = try workspace.progress() else {
            throw .usage(
                "\(workspace.folder.path) has no workbook in it yet: start one with 'workbook start 1'")
        }
        guard let chapter = workbook.chapter(progress.chapter) else {
            throw .unknownChapter("\(progress.chapter)")
        }
        return LearnerPlace(progress: progress, chapter: chapter)
    }

    /// The workbook's folder: the nearest folder, from here upwards, that holds `Chapters/`, so the
    /// tool works from inside `Workspace/` too.
    static func findRoot(from folder: URL, given: String?) throws(StageKitError) -> URL {
        if let given { return resolve(given, from: folder) }
        var candidate = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(Chapter.folder).path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path {
                throw .missingFile(
                    path: folder.appendingPathComponent(Chapter.folder).path,
                    why: "run workbook in the workbook's folder (or in its Workspace), or name it with --root"
                )
            }
            candidate = parent
        }
    }
}

/// Where a learner is: their progress and its chapter.
struct LearnerPlace {
    var progress: LearnerProgress
    let chapter: Chapter

    /// The step being worked on; nil once the chapter is done.
    var step: Step? { chapter.step(progress.step) }
}
