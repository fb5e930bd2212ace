import WorkbookModel

/// `workbook watch`.
struct WatchCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration(
        "watch", "check again on every save, and move on when met; q stops")
    /// It holds the lock only while it checks or moves on.
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).watch()
    }
}

extension WatchCommand.Work {
    /// `workbook watch`: checks, then checks again each time a file under `Sources/` or `Tests/`
    /// changes, and moves on by itself when a step's goal is met, until `q` is pressed. It polls: file
    /// events differ from system to system, and a poll every half second costs nothing next to a build.
    /// The lock is held only while checking or moving on.
    func watch() throws(StageKitError) -> Int32 {
        var seen: String?
        var toldBusy = false
        while !effects.stopRequested() {
            let place = try current()
            guard place.step != nil else {
                // Met a moment ago, the last step has said so already.
                if seen == nil {
                    print("You have done every step of chapter \(place.chapter.number).")
                    sayWhatFollows(place.chapter)
                }
                break
            }
            // Read once: to tell whether they changed, and for the check if they did.
            let files = try workspace.learnerFiles()
            let now = "\(place.progress.step):" + LearnerWorkspace.fingerprint(of: files)
            if now != seen {
                print("\u{1B}[2J\u{1B}[H")
                print(
                    "workbook watch: checking \(workspace.folder.path) again on every save. Press q to stop.")
                print("")
                let met: Bool
                do {
                    met = try WorkspaceLock.holding(workspace.folder, waiting: print) {
                        _ throws(StageKitError) in
                        let checked = try CheckCommand.check(
                            place, in: session, suggestingNext: false, files: files)
                        // A room is told what the check said, then, once watch moves on, the next step.
                        session.tellRoom(
                            after: CheckCommand.self, status: checked.end.status, shown: checked.end.shown)
                        let met = checked.report.isMet
                        if met, let step = place.step {
                            print("Step \(step.id)'s goal is met: on to the next step.")
                            try advance(checked.progress, in: place.chapter)
                            session.tellRoom(after: NextCommand.self, status: 0, shown: nil)
                        }
                        return met
                    }
                } catch .busy(_, let holder) {
                    // Another command (a check in another window, say) works here: look again later.
                    if !toldBusy {
                        print(
                            "Another workbook command (\(holder)) is working here: checking once it is done.")
                    }
                    toldBusy = true
                    effects.sleep(0.5)
                    continue
                }
                toldBusy = false
                seen = met ? "\(place.progress.step + 1):" + (try workspace.fingerprint()) : now
            }
            effects.sleep(0.5)
        }
        print("Stopped watching.")
        return 0
    }
}
