import Foundation
import StepRunning
import WorkbookModel
import WorkbookRoom

/// `workbook start C[.S]`: a chapter's first step (or step S) in the workspace.
struct StartCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let step = ArgumentDeclaration.required(
        "C[.S]", "the chapter to start, and the step (its first unless you say)",
        needs: "a chapter to start, like 1 or 1.3")
    static let guided = OptionDeclaration.flag(
        "--guided", "each red step's tests are brought in for you, and you write the code")
    static let force = OptionDeclaration.flag(
        "--force", "replace what the workspace holds without asking (a copy is kept first)")
    static let declaration = CommandDeclaration(
        "start", "start chapter C (at step S) in the workspace", arguments: [step], options: [guided, force])
    static var writesPackage: Bool { true }
    /// A room is told the step the learner is at, or what its check said.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? { status == 0 ? .arrived : nil }

    /// The step the command line names ("1.3").
    let stepName: String
    let guided: Bool
    let force: Bool

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        guided = arguments.isSet(Self.guided)
        force = arguments.isSet(Self.force)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).start(stepName, guided: guided, force: force)
    }
}

extension StartCommand.Work {
    /// `workbook start C[.S]`: the package before that step. A workspace whose chapter is done is kept
    /// in a backup and replaced; one with a chapter under way, after asking (`--force` answers yes);
    /// a folder of other work only with `--force`.
    func start(_ name: String, guided: Bool, force: Bool) throws(StageKitError) -> Int32 {
        let (chapter, step) = try workbook.place(named: name)
        if workspace.holdsWork() && !force {
            guard let progress = try? workspace.progress(), let current = workbook.chapter(progress.chapter)
            else {
                throw .workspaceNotEmpty(path: workspace.folder.path)
            }
            if progress.step <= current.steps.count {
                print(
                    "You are on step \(progress.stepID) of chapter \(current.number): 'workbook next' carries on"
                        + " from there.")
                guard try confirm("the start of chapter \(chapter.number)", confirmed: false) else {
                    return 1
                }
            }
        }
        return try place(chapter, step: max(step ?? 1, 1), guided: guided, keeping: nil)
    }
}

/// What `start`, `goto`, `reset`, `restore` and `next` do alike: ask before replacing the learner's
/// files, place a step, bring in what a step gives.
extension SessionWork {
    /// Asks before anything replaces the learner's files; true when they said yes.
    func confirm(_ what: String, confirmed: Bool) throws(StageKitError) -> Bool {
        guard !confirmed, workspace.holdsWork() else { return true }
        print(
            "This replaces your files in \(workspace.folder.path) with \(what); a copy of them is kept. Go on? [y/N]"
        )
        guard let answer = effects.readLine()?.trimmingCharacters(in: .whitespaces).lowercased(),
            answer == "y" || answer == "yes"
        else {
            print("Nothing changed.")
            return false
        }
        return true
    }

    /// Backs the work up (when there is any), then writes the package before `step` and the progress.
    func place(_ chapter: Chapter, step: Int, guided: Bool, keeping old: LearnerProgress?)
        throws(StageKitError)
        -> Int32
    {
        guard !chapter.steps.isEmpty else {
            throw .usage(
                "chapter \(chapter.number) has no steps yet: 'workbook list' shows the chapters that do")
        }
        try ReplaceableFolder.check(workspace.folder, workbookRoot: workbook.root)
        if workspace.holdsWork() {
            let backup = try Backups(workspace: workspace.folder).make(now: effects.now())
            print(
                "A copy of your work is in \(backup.path) ('workbook restore \(backup.lastPathComponent)' brings it back)."
            )
        }
        try workspace.place(chapter, beforeStep: step)
        var progress = LearnerProgress(chapter: chapter.number, step: step, guided: guided)
        if let old, old.chapter == chapter.number {
            progress.hintsShown = old.hintsShown
            progress.met = old.met.filter { id in
                chapter.steps.first { $0.id == id }.map { $0.number < step } ?? false
            }
        }
        if let current = chapter.step(step) {
            try bringIn(current, of: chapter, guided: guided)
        }
        try workspace.write(progress)
        describe(chapter.step(step), of: chapter)
        return 0
    }

    /// Writes the files a step gives (support code it does not teach) and, in guided mode, a red
    /// step's test files into the workspace; a file the learner changed is kept in
    /// `.workbook/kept/<step>/` first.
    func bringIn(_ step: Step, of chapter: Chapter, guided: Bool) throws(StageKitError) {
        let before = workbook.tree(before: step, in: chapter)
        // In guided mode, a red step's tests are written for the learner.
        let tests: Bool
        switch step.kind {
        case .red: tests = guided
        case .green, .refactor, .test: tests = false
        }
        for path in step.changes.paths
        where step.given.contains(path) || (tests && path.hasPrefix("Tests/")) {
            guard let data = step.changes.files[path] else { continue }
            let target = workspace.url(path)
            if let mine = FileManager.default.contents(atPath: target.path), mine != before.files[path],
                mine != data
            {
                let kept = workspace.url(".workbook/kept/\(step.id)/\(path)")
                try PackageWriter.write(mine, to: kept)
                print("Your \(path) differed from the workbook's; it is kept in \(kept.path).")
            }
            if FileManager.default.contents(atPath: target.path) == data { continue }
            try PackageWriter.write(data, to: target)
            print(
                step.given.contains(path)
                    ? "Brought in \(path): given, support code the step does not teach."
                    : "Brought in \(path).")
        }
    }
}
