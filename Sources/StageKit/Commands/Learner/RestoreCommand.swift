import Foundation
import StepRunning
import WorkbookModel

/// `workbook restore [NAME] [--yes]`.
struct RestoreCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let name = ArgumentDeclaration.optional(
        "NAME", "the copy to bring back (the newest unless you say)")
    static let yes = OptionDeclaration.flag("--yes", "do not ask first")
    static let declaration = CommandDeclaration(
        "restore", "bring a copy back (what it replaces is kept first)", arguments: [name], options: [yes])
    static var writesPackage: Bool { true }

    let name: String?
    let confirmed: Bool

    init(_ arguments: ParsedArguments) {
        name = arguments.value(Self.name)
        confirmed = arguments.isSet(Self.yes)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).restore(name, confirmed: confirmed)
    }
}

extension RestoreCommand.Work {
    /// `workbook restore [NAME]`: the backup's work back in the workspace, the current work kept first.
    func restore(_ name: String?, confirmed: Bool) throws(StageKitError) -> Int32 {
        let backups = Backups(workspace: workspace.folder)
        let all = backups.list()
        guard let backup = name.map({ name in all.first { $0.name == name } }) ?? all.first else {
            throw .usage(
                name.map { "there is no copy named '\($0)': 'workbook backups' lists them" }
                    ?? "there is no copy to restore yet")
        }
        try ReplaceableFolder.check(workspace.folder, workbookRoot: workbook.root)
        guard try confirm("the copy \(backup.name)", confirmed: confirmed) else { return 1 }
        if workspace.holdsWork() {
            let kept = try backups.make(now: effects.now())
            print("A copy of what was there is in \(kept.path).")
        }
        try backups.restore(backup)
        print("Restored \(backup.name), \(place(of: backup)).")
        if let place = try? current(), let step = place.step {
            try workspace.syncChecks(for: step, of: place.chapter)
        }
        return 0
    }
}

/// What `restore` and `backups` say alike of a copy.
extension SessionWork {
    /// Where a copy's learner was: "step 2.3", or "chapter 1, done" past its last step.
    func place(of backup: Backups.Backup) -> String {
        guard let progress = backup.progress else { return "at an unknown step" }
        if let chapter = workbook.chapter(progress.chapter), progress.step > chapter.steps.count {
            return "chapter \(chapter.number), done"
        }
        return "step \(progress.stepID)"
    }
}
