import WorkbookModel

/// `workbook reset [--chapter] [--yes]`.
struct ResetCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let chapter = OptionDeclaration.flag("--chapter", "the whole chapter, not only this step")
    static let yes = OptionDeclaration.flag("--yes", "do not ask first (a copy of your files is kept)")
    static let declaration = CommandDeclaration(
        "reset", "this step (or the chapter) back to its start", options: [chapter, yes])
    static var writesPackage: Bool { true }

    let wholeChapter: Bool
    let confirmed: Bool

    init(_ arguments: ParsedArguments) {
        wholeChapter = arguments.isSet(Self.chapter)
        confirmed = arguments.isSet(Self.yes)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).reset(
            try session.current(), wholeChapter: wholeChapter, confirmed: confirmed)
    }
}

extension ResetCommand.Work {
    /// `workbook reset`: this step (or, with --chapter, the chapter) from its start again, after asking.
    func reset(_ place: LearnerPlace, wholeChapter: Bool, confirmed: Bool) throws(StageKitError) -> Int32 {
        let step = wholeChapter ? 1 : min(place.progress.step, place.chapter.steps.count)
        guard
            try confirm(
                "the start of step \(StepID(chapter: place.chapter.number, step: step))", confirmed: confirmed
            )
        else {
            return 1
        }
        return try self.place(
            place.chapter, step: step, guided: place.progress.guided, keeping: place.progress)
    }
}
