import WorkbookModel

/// `workbook list`.
struct ListCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("list", "the chapters and their steps")
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).list()
    }
}

extension ListCommand.Work {
    /// `workbook list`: every chapter and its steps, with the learner's place and the goals met.
    func list() throws(StageKitError) -> Int32 {
        let progress = try? workspace.progress()
        for chapter in workbook.chapters {
            print("\(chapter.number)  \(chapter.title)")
            for step in chapter.steps {
                let mark: String
                if progress?.chapter == chapter.number && progress?.step == step.number {
                    mark = "▶"
                } else if progress?.chapter == chapter.number && progress?.met.contains(step.id) == true {
                    mark = "✓"
                } else {
                    mark = "·"
                }
                print("  \(mark) \(step.id)  \(step.kind.symbol) \(step.title)")
            }
        }
        return 0
    }
}
