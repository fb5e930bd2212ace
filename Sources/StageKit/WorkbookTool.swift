import Foundation
import Synchronization

/// The learner's and the facilitator's tool, `workbook`: start a chapter, check a step, move on, ask for
/// hints, see the reference change or code, start a step again, jump to a step. Returns the exit
/// status: 0 done (or the step's goal met), 1 the goal not met yet, 2 a problem said in one sentence.
public struct WorkbookTool {
    public var root: URL
    public var workspace: URL
    public var environment: [String: String]
    public var print: (String) -> Void
    public var printError: (String) -> Void
    /// Reads a line of the terminal, to confirm what would replace files.
    public var readLine: () -> String?

    public init(
        root: URL, workspace: URL, environment: [String: String], print: @escaping (String) -> Void,
        printError: @escaping (String) -> Void, readLine: @escaping () -> String?
    ) {
        self.root = root
        self.workspace = workspace
        self.environment = environment
        self.print = print
        self.printError = printError
        self.readLine = readLine
    }

    public static let usage = """
        workbook: follow the workbook one step at a time, in a workspace of your own (Workspace/).

          workbook start C[.S] [--guided] [--force]   start chapter C (at step S) in the workspace
          workbook status                            where you are, and what comes next
          workbook check                             build and test the workspace against this step's goal
          workbook next                              move on, once this step's goal is met
          workbook hint                              one more hint for this step
          workbook diff                              the workbook's own change for this step
          workbook solution [--force]                the workbook's code for this step, once you are green
          workbook reset [--chapter] [--yes]         this step (or the chapter) back to its start
          workbook goto C.S [--yes]                  jump to any step (for facilitators)
          workbook watch                             check again on every save; q and Return stop it
          workbook list                              the chapters and their steps

        With --guided, each red step's tests are brought in for you, and you write the code.
        Anything that replaces files moves what was there to Workspace.backup-<time> first.
        """

    public func run(_ arguments: [String]) -> Int32 {
        do {
            return try execute(arguments)
        } catch {
            printError("workbook: \(error)")
            return 2
        }
    }

    func execute(_ arguments: [String]) throws(StageKitError) -> Int32 {
        guard let command = arguments.first else {
            print(Self.usage)
            return 0
        }
        var options = OptionReader(Array(arguments.dropFirst()), command: command)
        let workbook = try WorkbookLoader.load(root: root)
        switch command {
        case "help", "--help", "-h":
            print(Self.usage)
            return 0
        case "list":
            try options.finish()
            return list(workbook)
        case "start":
            let guided = options.flag("--guided")
            let force = options.flag("--force")
            let target = try options.positional("a chapter to start, like 1 or 1.3")
            try options.finish()
            return try WorkspaceLock.holding(workspace) { () throws(StageKitError) in
                try start(target, guided: guided, force: force, workbook)
            }
        case "goto":
            let yes = options.flag("--yes")
            let target = try options.positional("a step to go to, like 2.3")
            try options.finish()
            return try WorkspaceLock.holding(workspace) { () throws(StageKitError) in
                try goto(target, confirmed: yes, workbook)
            }
        default:
            break
        }
        guard let progress = try LearnerProgress.read(in: workspace) else {
            throw .usage("\(workspace.path) has no workbook in it yet: start one with 'workbook start 1'")
        }
        guard let chapter = workbook.chapter(progress.chapter) else {
            throw .unknownChapter("\(progress.chapter)")
        }
        if command == "watch" {
            try options.finish()
            return try watch(workbook)
        }
        return try WorkspaceLock.holding(workspace) { () throws(StageKitError) in
            try perform(command, options: &options, progress: progress, chapter: chapter, workbook)
        }
    }

    func perform(
        _ command: String, options: inout OptionReader, progress: LearnerProgress, chapter: Chapter,
        _ workbook: Workbook
    ) throws(StageKitError) -> Int32 {
        switch command {
        case "status":
            try options.finish()
            return status(progress, chapter)
        case "check":
            try options.finish()
            return try check(progress, chapter, workbook).met ? 0 : 1
        case "next":
            try options.finish()
            return try next(progress, chapter, workbook)
        case "hint":
            try options.finish()
            return try hint(progress, chapter)
        case "diff":
            try options.finish()
            return try diff(progress, chapter, workbook)
        case "solution":
            let force = options.flag("--force")
            try options.finish()
            return try solution(progress, chapter, workbook, force: force)
        case "reset":
            let wholeChapter = options.flag("--chapter")
            let yes = options.flag("--yes")
            try options.finish()
            let target = wholeChapter ? 1 : min(progress.stage, chapter.stages.count)
            return try move(
                to: chapter, stage: target, guided: progress.guided, confirmed: yes, workbook,
                keeping: progress)
        default:
            throw .usage("'\(command)' is not a command of workbook")
        }
    }

    // MARK: Commands

    func list(_ workbook: Workbook) -> Int32 {
        let progress = try? LearnerProgress.read(in: workspace)
        for chapter in workbook.chapters {
            print("\(chapter.number)  \(chapter.title)")
            for stage in chapter.stages {
                let mark: String
                if progress?.chapter == chapter.number && progress?.stage == stage.number {
                    mark = "▶"
                } else if progress?.met.contains(stage.id) == true {
                    mark = "✓"
                } else {
                    mark = "·"
                }
                print("  \(mark) \(stage.id)  \(stage.kind.symbol) \(stage.title)")
            }
        }
        return 0
    }

    func start(_ target: String, guided: Bool, force: Bool, _ workbook: Workbook) throws(StageKitError)
        -> Int32
    {
        let (chapter, stageNumber) = try parseTarget(target, workbook, defaultStage: 1)
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: workspace.path)) ?? []
        if contents.contains(where: { $0 != ".workbook" }) && !force {
            throw .workspaceNotEmpty(path: workspace.path)
        }
        return try place(chapter: chapter, stage: stageNumber, guided: guided, workbook, keeping: nil)
    }

    func goto(_ target: String, confirmed: Bool, _ workbook: Workbook) throws(StageKitError) -> Int32 {
        let (chapter, stageNumber) = try parseTarget(target, workbook, defaultStage: 1)
        let progress = try? LearnerProgress.read(in: workspace)
        return try move(
            to: chapter, stage: stageNumber, guided: progress?.guided ?? false, confirmed: confirmed,
            workbook,
            keeping: progress)
    }

    func status(_ progress: LearnerProgress, _ chapter: Chapter) -> Int32 {
        let total = chapter.stages.count
        let done = chapter.stages.filter { progress.met.contains($0.id) }.count
        let width = 30
        let filled = total == 0 ? 0 : done * width / total
        print("Chapter \(chapter.number), \(chapter.title)")
        print(
            "[\(String(repeating: "█", count: filled))\(String(repeating: "░", count: width - filled))] \(done)/\(total) steps"
        )
        guard let stage = chapter.stage(progress.stage) else {
            print("You have done every step of this chapter.")
            return 0
        }
        print("Now: \(stage.id) \(stage.kind.symbol) \(stage.title). \(goal(of: stage))")
        if let following = chapter.stage(stage.number + 1) {
            print("Then: \(following.id) \(following.kind.symbol) \(following.title).")
        }
        return 0
    }

    /// Builds and tests the workspace and says, against the step's goal, what it showed.
    func check(_ progress: LearnerProgress, _ chapter: Chapter, _ workbook: Workbook) throws(StageKitError)
        -> (
            met: Bool, progress: LearnerProgress
        )
    {
        guard let stage = chapter.stage(progress.stage) else {
            print("You have done every step of chapter \(chapter.number).")
            return (true, progress)
        }
        let swift = try SwiftToolchain.locate(environment: environment)
        guard FileManager.default.fileExists(atPath: workspace.appendingPathComponent("Package.swift").path)
        else {
            throw .missingFile(
                path: workspace.appendingPathComponent("Package.swift").path,
                why: "the workspace is its package")
        }
        print("Checking \(stage.id) \(stage.kind.symbol) \(stage.title)…")
        let runner = SwiftPMStageRunner(swift: swift, scratch: workspace, sharesModuleCache: false)
        let outcome = try runner.runInPlace(workspace, module: chapter.module, stageID: stage.id)
        let verdict = OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome)
        var updated = progress
        switch verdict {
        case .met:
            print(metMessage(stage, outcome))
            if !updated.met.contains(stage.id) { updated.met.append(stage.id) }
            try updated.write(in: workspace)
            print("Next: 'workbook next'.")
            return (true, updated)
        case .mismatch(let lines):
            print("Not yet: this step's goal is that \(goal(of: stage).lowercasedFirst)")
            print("It showed \(outcome.summary):")
            for line in lines { print("  \(line)") }
            print("Stuck? 'workbook hint'.")
            return (false, updated)
        }
    }

    func next(_ progress: LearnerProgress, _ chapter: Chapter, _ workbook: Workbook) throws(StageKitError)
        -> Int32
    {
        guard chapter.stage(progress.stage) != nil else {
            print("You have done every step of chapter \(chapter.number).")
            if let following = workbook.chapter(chapter.number + 1) {
                print(
                    "Chapter \(following.number), \(following.title), is next: 'workbook start \(following.number) --force'."
                )
            }
            return 0
        }
        let (met, checked) = try check(progress, chapter, workbook)
        guard met else { return 1 }
        var updated = checked
        updated.stage += 1
        guard let stage = chapter.stage(updated.stage) else {
            try updated.write(in: workspace)
            print("That was the last step of chapter \(chapter.number): well done.")
            return 0
        }
        if updated.guided && stage.kind == .red {
            try bringIn(stage, of: chapter, workbook)
        }
        try updated.write(in: workspace)
        print("")
        describe(stage, of: chapter)
        return 0
    }

    func hint(_ progress: LearnerProgress, _ chapter: Chapter) throws(StageKitError) -> Int32 {
        guard let stage = chapter.stage(progress.stage) else {
            print("You have done every step of this chapter.")
            return 0
        }
        guard !stage.hints.isEmpty else {
            print(
                "Step \(stage.id) has no hint: its text in Chapters/\(chapter.folderName)/README.md says it all."
            )
            return 0
        }
        var updated = progress
        let shown = min((progress.hintsShown[stage.id] ?? 0) + 1, stage.hints.count)
        updated.hintsShown[stage.id] = shown
        try updated.write(in: workspace)
        for (index, hint) in stage.hints.prefix(shown).enumerated() {
            print("Hint \(index + 1) of \(stage.hints.count): \(hint)")
        }
        if shown == stage.hints.count {
            print("That is every hint; 'workbook diff' shows the workbook's own change.")
        }
        return 0
    }

    func diff(_ progress: LearnerProgress, _ chapter: Chapter, _ workbook: Workbook) throws(StageKitError)
        -> Int32
    {
        guard let stage = chapter.stage(progress.stage) else { return 0 }
        let before = workbook.tree(before: stage, in: chapter)
        let after = workbook.tree(after: stage, in: chapter)
        print("The workbook's change for \(stage.id) \(stage.kind.symbol) \(stage.title):")
        for path in Set(before.paths + after.paths).sorted() where before.files[path] != after.files[path] {
            print(
                LineDiff.unified(
                    old: before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "",
                    new: after.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "", path: path))
        }
        return 0
    }

    func solution(_ progress: LearnerProgress, _ chapter: Chapter, _ workbook: Workbook, force: Bool)
        throws(StageKitError) -> Int32
    {
        guard let stage = chapter.stage(progress.stage) else { return 0 }
        guard force || progress.met.contains(stage.id) else {
            print(
                "The solution of \(stage.id) shows once 'workbook check' has seen you meet its goal; 'workbook solution --force' shows it now."
            )
            return 1
        }
        for (path, data) in stage.changes.files.sorted(by: { $0.key < $1.key }) {
            print("// \(path)")
            print(String(decoding: data, as: UTF8.self))
        }
        for path in stage.deletions { print("// deleted: \(path)") }
        return 0
    }

    /// Checks, then checks again each time a file under `Sources/` or `Tests/` changes, until `q` and
    /// Return (or the end of input). It polls: file events differ from system to system, and a poll
    /// every half second costs nothing next to a build. The lock is held only while checking.
    func watch(_ workbook: Workbook) throws(StageKitError) -> Int32 {
        let stop = StopSignal()
        let reader = Thread {
            while let line = Swift.readLine() {
                if line.trimmingCharacters(in: .whitespaces).lowercased() == "q" { break }
            }
            stop.raise()
        }
        reader.start()
        var fingerprint: [String: Data]?
        while !stop.isRaised {
            let current = try watchedFiles()
            if current != fingerprint {
                fingerprint = current
                print("\u{1B}[2J\u{1B}[H")
                print("workbook watch: checking \(workspace.path) again on every save (by polling every half")
                print("second). Type q and Return to stop.")
                print("")
                try WorkspaceLock.holding(workspace) { () throws(StageKitError) in
                    guard let progress = try LearnerProgress.read(in: workspace),
                        let chapter = workbook.chapter(progress.chapter)
                    else { throw .usage("\(workspace.path) has no workbook in it any more") }
                    _ = try check(progress, chapter, workbook)
                }
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        print("Stopped watching.")
        return 0
    }

    func watchedFiles() throws(StageKitError) -> [String: Data] {
        guard FileManager.default.fileExists(atPath: workspace.path) else {
            throw .missingFile(path: workspace.path, why: "the workspace was removed while it was watched")
        }
        let sources = try FileTree.read(from: workspace.appendingPathComponent("Sources"), under: "Sources/")
        let tests = try FileTree.read(from: workspace.appendingPathComponent("Tests"), under: "Tests/")
        return sources.overlaid(with: tests).files
    }

    // MARK: Moving the workspace

    /// Replaces the workspace with the package as it is before `stage` of `chapter`, after asking.
    func move(
        to chapter: Chapter, stage: Int, guided: Bool, confirmed: Bool, _ workbook: Workbook,
        keeping progress: LearnerProgress?
    ) throws(StageKitError) -> Int32 {
        if !confirmed {
            print(
                "This replaces \(workspace.path) with the start of step \(chapter.number).\(stage); what is there now is kept in a backup. Go on? [y/N]"
            )
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased(),
                answer == "y" || answer == "yes"
            else {
                print("Nothing changed.")
                return 1
            }
        }
        return try place(chapter: chapter, stage: stage, guided: guided, workbook, keeping: progress)
    }

    func place(
        chapter: Chapter, stage: Int, guided: Bool, _ workbook: Workbook, keeping old: LearnerProgress?
    ) throws(StageKitError) -> Int32 {
        let before = stage <= 1 ? nil : chapter.stage(stage - 1)
        let result = try StageCheckout.write(
            stage: before, of: chapter, workbook: workbook, into: workspace, force: true)
        if let backup = result.backup { print("What \(workspace.path) held is kept in \(backup.path).") }
        var progress = LearnerProgress(chapter: chapter.number, stage: stage, guided: guided)
        if let old, old.chapter == chapter.number {
            progress.hintsShown = old.hintsShown
            progress.met = old.met.filter { id in
                chapter.stages.first { $0.id == id }.map { $0.number < stage } ?? false
            }
        }
        if let current = chapter.stage(stage), guided, current.kind == .red {
            try bringIn(current, of: chapter, workbook)
        }
        try progress.write(in: workspace)
        describe(chapter.stage(stage), of: chapter)
        return 0
    }

    /// Guided mode: writes a red step's test files into the workspace; a file the learner changed is
    /// kept in `.workbook/kept/<step>/` first.
    func bringIn(_ stage: Stage, of chapter: Chapter, _ workbook: Workbook) throws(StageKitError) {
        let before = workbook.tree(before: stage, in: chapter)
        for path in stage.changes.paths where path.hasPrefix("Tests/") {
            guard let data = stage.changes.files[path] else { continue }
            let target = workspace.appendingPathComponent(path)
            if let mine = FileManager.default.contents(atPath: target.path), mine != before.files[path],
                mine != data
            {
                let kept = workspace.appendingPathComponent(".workbook/kept/\(stage.id)/\(path)")
                try PackageWriter.write(mine, to: kept)
                print("Your \(path) differed from the workbook's; it is kept in \(kept.path).")
            }
            try PackageWriter.write(data, to: target)
            print("Brought in \(path).")
        }
    }

    func describe(_ stage: Stage?, of chapter: Chapter) {
        guard let stage else {
            print("Chapter \(chapter.number) is done.")
            return
        }
        print("Step \(stage.id) \(stage.kind.symbol) \(stage.title)")
        print("")
        print(stage.text)
        print("")
        print("Goal: \(goal(of: stage))")
        print("Its text, with the code: Chapters/\(chapter.folderName)/README.md. Work in \(workspace.path),")
        print("then run 'workbook check' (or 'swift test' there).")
    }

    func goal(of stage: Stage) -> String {
        switch stage.expectation {
        case .compileError(let diagnostics):
            "It does not compile, with: " + diagnostics.map { "'\($0.message)'" }.joined(separator: ", ")
                + "."
        case .testFailure(let failures):
            "It compiles, and "
                + failures.map { "\($0.test) fails" + ($0.message.map { " with '\($0)'" } ?? "") }
                .joined(separator: ", ") + "."
        case .green:
            "Every test passes."
        }
    }

    func metMessage(_ stage: Stage, _ outcome: Outcome) -> String {
        switch stage.expectation {
        case .compileError: "Red, for the right reason: it does not compile, with the error the step expects."
        case .testFailure: "Red, for the right reason: the test fails as the step expects."
        case .green: "Green: \(outcome.summary)."
        }
    }

    func parseTarget(_ target: String, _ workbook: Workbook, defaultStage: Int) throws(StageKitError) -> (
        Chapter, Int
    ) {
        let parts = target.split(separator: ".", omittingEmptySubsequences: false)
        let chapter = try workbook.chapter(named: String(parts[0]))
        guard parts.count <= 2 else { throw .unknownStage(target) }
        guard parts.count == 2 else { return (chapter, defaultStage) }
        guard let number = Int(parts[1]), chapter.stage(number) != nil else { throw .unknownStage(target) }
        return (chapter, number)
    }
}

/// Set once, from any thread, to stop a loop.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() {
        raised.store(true, ordering: .releasing)
    }

    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
