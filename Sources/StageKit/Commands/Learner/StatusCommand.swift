import WorkbookModel
import WorkbookText

/// `workbook status`.
struct StatusCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("status", "where you are, and what comes next")

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).status(try session.current())
    }
}

extension StatusCommand.Work {
    /// `workbook status`: a progress bar, this step and the next.
    func status(_ place: LearnerPlace) throws(StageKitError) -> Int32 {
        let chapter = place.chapter
        let total = chapter.steps.count
        let done = chapter.steps.filter { place.progress.met.contains($0.id) }.count
        let width = 30
        let filled = total == 0 ? 0 : done * width / total
        print("Chapter \(chapter.number), \(chapter.title)")
        print(
            "[\(String(repeating: "█", count: filled))\(String(repeating: "░", count: width - filled))] \(done) of \(total) steps done"
        )
        guard let step = place.step else {
            print("You have done every step of this chapter.")
            return 0
        }
        print("Now: \(step.heading). \(StepTexts.goal(of: step, in: chapter))")
        if let following = chapter.step(step.number + 1) {
            print("Then: \(following.heading).")
        }
        return 0
    }
}
