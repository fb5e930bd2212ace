import WorkbookModel

/// `workbook hint`.
struct HintCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("hint", "one more hint for this step")

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).hint(try session.current())
    }
}

extension HintCommand.Work {
    /// `workbook hint`: one more of the step's hints each time, and those seen before.
    func hint(_ place: LearnerPlace) throws(StageKitError) -> Int32 {
        guard let step = place.step else {
            print("You have done every step of this chapter.")
            return 0
        }
        guard !step.hints.isEmpty else {
            print(
                "Step \(step.id) has no hint: its text in \(place.chapter.readmePath) says it all."
            )
            return 0
        }
        var progress = place.progress
        if let miss = progress.lastMiss?[step.id] {
            print("Your last check showed something other than this step's goal: \(miss)")
            print("The hints below are about the step's goal: they may not speak of what the check showed.")
        }
        let shown = min((progress.hintsShown[step.id] ?? 0) + 1, step.hints.count)
        progress.hintsShown[step.id] = shown
        try workspace.write(progress)
        for (index, hint) in step.hints.prefix(shown).enumerated() {
            print("Hint \(index + 1) of \(step.hints.count): \(hint)")
        }
        if shown == step.hints.count {
            print("That is every hint; 'workbook diff' shows the workbook's own change.")
        }
        return 0
    }
}
