import WorkbookModel
import WorkbookRoom

/// `workbook goto C.S [--yes]`.
struct GotoCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let step = ArgumentDeclaration.required(
        "C.S", "the step to go to", needs: "a step to go to, like 2.3")
    static let yes = OptionDeclaration.flag("--yes", "do not ask first (a copy of your files is kept)")
    static let declaration = CommandDeclaration(
        "goto", "jump to any step (for facilitators)", arguments: [step], options: [yes])
    static var writesPackage: Bool { true }
    /// A room is told the step the learner is at, or what its check said.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? { status == 0 ? .arrived : nil }

    /// The step the command line names ("1.3").
    let stepName: String
    let confirmed: Bool

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        confirmed = arguments.isSet(Self.yes)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).goto(stepName, confirmed: confirmed)
    }
}

extension GotoCommand.Work {
    /// `workbook goto C.S`: any step, after asking.
    func goto(_ name: String, confirmed: Bool) throws(StageKitError) -> Int32 {
        let (chapter, step) = try workbook.place(named: name)
        let progress = try? workspace.progress()
        guard
            try confirm(
                "the start of step \(StepID(chapter: chapter.number, step: max(step ?? 1, 1)))",
                confirmed: confirmed)
        else {
            return 1
        }
        return try place(
            chapter, step: max(step ?? 1, 1), guided: progress?.guided ?? false, keeping: progress)
    }
}
