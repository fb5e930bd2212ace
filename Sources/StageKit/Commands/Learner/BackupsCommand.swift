import Foundation
import WorkbookModel

/// `workbook backups`.
struct BackupsCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("backups", "the copies kept of your work, newest first")
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).listBackups()
    }
}

extension BackupsCommand.Work {
    /// `workbook backups`: the copies of the learner's work, newest first, with their step.
    func listBackups() throws(StageKitError) -> Int32 {
        let backups = Backups(workspace: workspace.folder).list()
        guard !backups.isEmpty else {
            print(
                "No copies of \(workspace.folder.path) yet: one is kept whenever a command replaces your files."
            )
            return 0
        }
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .medium
        for backup in backups {
            let when = backup.date.map { formatter.string(from: $0) } ?? "unknown time"
            print("\(backup.name)  \(when)  \(place(of: backup))")
        }
        print("'workbook restore NAME' brings one back; without a NAME, the newest.")
        return 0
    }
}
