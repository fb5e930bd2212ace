import Foundation
import StepRunning
import WorkbookModel

/// The learner's and the facilitator's tool, `workbook`: start a chapter, check a step, move on, ask for
/// hints, see the workbook's change or code, start a step again, jump to a step, bring work back.
/// Returns the exit status: 0 done (or the step's goal met), 1 the goal not met yet (or a question
/// answered no), 2 a problem said in one sentence.
package struct WorkbookTool {
    /// Everything the tool does to the world besides its files, so that a test can replace it.
    package struct Effects {
        package var print: (String) -> Void
        package var printError: (String) -> Void
        /// Reads a line of the terminal, to confirm what would replace files.
        package var readLine: () -> String?
        /// Shows, on one line that is rewritten, what a check is doing; "" clears it.
        package var showProgress: (String) -> Void
        /// What builds and tests the workspace, given the seconds a step's tests may run.
        package var makeChecker: (_ timeLimit: Double) throws(StageKitError) -> any PackageChecking
        package var now: () -> Date
        package var sleep: (_ seconds: Double) -> Void
        /// Whether the learner asked `watch` to stop (a q key press).
        package var stopRequested: () -> Bool
        /// Starts `workbook` with these arguments in the background, to warm the workspace's build,
        /// handing it the workspace's lock: the descriptor given, to be its `handedOverDescriptor`.
        package var startWarmUp: (_ arguments: [String], _ lock: Int32) -> Void

        package init(
            print: @escaping (String) -> Void, printError: @escaping (String) -> Void,
            readLine: @escaping () -> String?, showProgress: @escaping (String) -> Void,
            makeChecker: @escaping (_ timeLimit: Double) throws(StageKitError) -> any PackageChecking,
            now: @escaping () -> Date = Date.init,
            sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
            stopRequested: @escaping () -> Bool, startWarmUp: @escaping ([String], Int32) -> Void
        ) {
            self.startWarmUp = startWarmUp
            self.print = print
            self.printError = printError
            self.readLine = readLine
            self.showProgress = showProgress
            self.makeChecker = makeChecker
            self.now = now
            self.sleep = sleep
            self.stopRequested = stopRequested
        }
    }

    /// Where the tool was started: the workbook's folder is found from here.
    package var currentFolder: URL
    package var effects: Effects

    package init(currentFolder: URL, effects: Effects) {
        self.currentFolder = currentFolder
        self.effects = effects
    }

    package func run(_ arguments: [String]) -> Int32 {
        do {
            let invocation = try WorkbookCommand.parse(arguments)
            if invocation.command == .help {
                effects.print(WorkbookCommand.usage)
                return 0
            }
            let session = try WorkbookSession(
                invocation: invocation, currentFolder: currentFolder, effects: effects)
            return try session.run(invocation.command)
        } catch {
            effects.showProgress("")
            effects.printError("workbook: \(Self.sentence(for: error))")
            return 2
        }
    }

    /// The error in a learner's words: steps, not stages, and `workbook` commands, not the authors' tools.
    static func sentence(for error: StageKitError) -> String {
        switch error {
        case .unknownChapter(let name):
            "there is no chapter '\(name)': 'workbook list' shows the chapters and their steps."
        case .unknownStage(let name):
            "there is no step '\(name)': 'workbook list' shows the chapters and their steps."
        case .usage(let problem):
            "\(problem) ('workbook help' lists the commands)."
        case .workspaceNotEmpty(let path):
            "\(path) holds work already: 'workbook start' with --force replaces it, keeping a copy first"
                + " ('workbook backups' lists the copies)."
        case .scratchVanished(let path, _):
            "\(path) disappeared while it was being checked; nothing else was touched."
        default:
            error.description
        }
    }
}

/// One run of the tool on one workspace: the workbook is loaded, and the command carried out.
struct WorkbookSession {
    let workbook: Workbook
    let workspace: LearnerWorkspace
    let timeLimit: Double
    let effects: WorkbookTool.Effects

    init(invocation: WorkbookCommand.Invocation, currentFolder: URL, effects: WorkbookTool.Effects)
        throws(StageKitError)
    {
        let root = try Self.findRoot(from: currentFolder, given: invocation.root)
        workbook = try WorkbookLoader.load(root: root)
        let folder =
            invocation.workspace.map { resolve($0, from: currentFolder) }
            ?? root.appendingPathComponent("Workspace")
        // Not the workbook's own folder nor one above it: its lock and files would land among the
        // workbook's, and a step would be written over them.
        if ReplaceableFolder.holdsWorkbook(folder, workbookRoot: root) {
            throw .usage(
                "the workspace cannot be the workbook's own folder or one above it, like \(folder.path)")
        }
        workspace = LearnerWorkspace(folder: folder, workbook: workbook)
        timeLimit = invocation.timeLimit
        self.effects = effects
    }

    func print(_ line: String) { effects.print(line) }

    /// Where a warm-up stopped at its limit writes what it was doing.
    static let stoppedWarmUpNote = ".workbook/warm-up-stopped"

    /// Says once that the build that began with the step was stopped, and what it was doing then.
    func tellOfStoppedWarmUp() {
        let note = workspace.url(Self.stoppedWarmUpNote)
        guard let data = FileManager.default.contents(atPath: note.path) else { return }
        try? FileManager.default.removeItem(at: note)
        let doing = String(decoding: data, as: UTF8.self).filter { !$0.isNewline }
        print(
            "The build that began in the background with your step ran past \(Int(SwiftPMStageRunner.warmUpLimit)) s"
                + " and was stopped, while it showed: \(doing.prefix(200)). Does your Package.swift or a build"
                + " plugin wait for something? This command builds again.")
    }

    func run(_ command: WorkbookCommand) throws(StageKitError) -> Int32 {
        switch command {
        case .help:
            print(WorkbookCommand.usage)
            return 0
        case .list:
            return try list()
        case .backups:
            return try listBackups()
        case .watch:
            return try watch()
        case .warm(let handed):
            return try WorkspaceLock.adopting(handed, of: workspace.folder) { () throws(StageKitError) in
                // A warm-up stopped at its limit leaves a note, which the next command shows.
                if let doing = try effects.makeChecker(timeLimit).warm(workspace.folder) {
                    try PackageWriter.write(Data(doing.utf8), to: workspace.url(Self.stoppedWarmUpNote))
                }
                return 0
            }
        default:
            return try WorkspaceLock.holding(workspace.folder, waiting: print) { lock throws(StageKitError) in
                tellOfStoppedWarmUp()
                let status = try runLocked(command)
                // The package was written: build it in the background, handing over the lock, so
                // that a command run at once waits for that build instead of building cold itself.
                if status == 0, command.writesPackage { lock.handOver { startWarmUp(lock: $0) } }
                return status
            }
        }
    }

    func runLocked(_ command: WorkbookCommand) throws(StageKitError) -> Int32 {
        switch command {
        case .start(let step, let guided, let force): return try start(step, guided: guided, force: force)
        case .goto(let step, let confirmed): return try goto(step, confirmed: confirmed)
        case .restore(let name, let confirmed): return try restore(name, confirmed: confirmed)
        case .status: return try status(try current())
        case .check: return try check(try current()).met ? 0 : 1
        case .next: return try next(try current())
        case .hint: return try hint(try current())
        case .diff: return try diff(try current())
        case .solution(let force): return try solution(try current(), force: force)
        case .reset(let wholeChapter, let confirmed):
            return try reset(try current(), wholeChapter: wholeChapter, confirmed: confirmed)
        case .help, .list, .backups, .watch, .warm: return try run(command)
        }
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
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Chapters").path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path {
                throw .missingFile(
                    path: folder.appendingPathComponent("Chapters").path,
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
    var stage: Stage? { chapter.stage(progress.stage) }
}

func resolve(_ path: String, from folder: URL) -> URL {
    URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
}
