import WorkbookModel
import WorkbookRoom

/// `workbook next`.
struct NextCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("next", "move on, once this step's goal is met")
    /// A room is told the step the learner is at, or what its check said.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? {
        status == 0 ? .arrived : status == 1 ? .notMet : nil
    }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try end(in: session).status
    }

    func end(in session: LearnerSession) throws(StageKitError) -> CommandEnd {
        try Work(session: session).next(try session.current())
    }
}

extension NextCommand.Work {
    /// `workbook next`: moves on once the step's goal is met. A check that met it counts while the
    /// learner's files are as they were then; otherwise it checks again.
    func next(_ place: LearnerPlace) throws(StageKitError) -> CommandEnd {
        guard let step = place.step else {
            print("You have done every step of chapter \(place.chapter.number).")
            sayWhatFollows(place.chapter)
            return CommandEnd(status: 0)
        }
        var progress = place.progress
        // Read once: to tell whether they changed since a met check, and for the check if they did.
        let files = try workspace.learnerFiles()
        if progress.met.contains(step.id),
            progress.metFiles?[step.id] == LearnerWorkspace.fingerprint(of: files)
        {
            print("Step \(step.id)'s goal was met, and your files have not changed since.")
        } else {
            let checked = try CheckCommand.check(place, in: session, suggestingNext: false, files: files)
            guard checked.report.isMet else { return checked.end }
            progress = checked.progress
        }
        try advance(progress, in: place.chapter)
        return CommandEnd(status: 0)
    }
}

/// What `next` and `watch` do alike: move on, and say what follows a chapter.
extension SessionWork {
    /// Moves the progress to the following step and says what it asks.
    func advance(_ progress: LearnerProgress, in chapter: Chapter) throws(StageKitError) {
        var progress = progress
        progress.step += 1
        guard let step = chapter.step(progress.step) else {
            try workspace.write(progress)
            print("That was the last step of chapter \(chapter.number): well done.")
            if case .link = RoomLink.read(in: workspace) {
                print("One line on this chapter for the room? 'workbook note \"…\"' leaves it.")
            }
            sayWhatFollows(chapter)
            return
        }
        try bringIn(step, of: chapter, guided: progress.guided)
        try workspace.syncChecks(for: step, of: chapter)
        try workspace.write(progress)
        print("")
        describe(step, of: chapter)
    }

    func sayWhatFollows(_ chapter: Chapter) {
        guard let following = workbook.chapter(chapter.number + 1) else { return }
        print(
            "Chapter \(following.number), \(following.title), is next: 'workbook start \(following.number)'"
                + " (a copy of this chapter's work is kept).")
    }
}
