import WorkbookModel

/// `workbook list`.
struct ListCommand: LearnerCommand {
    static let declaration = CommandDeclaration("list", "the chapters and their steps")
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: WorkbookSession) throws(StageKitError) -> Int32 {
        try session.list()
    }
}

extension WorkbookSession {
    /// `workbook list`: every chapter and its steps, with the learner's place and the goals met.
    func list() throws(StageKitError) -> Int32 {
        let progress = try? workspace.progress()
        for chapter in workbook.chapters {
            print("\(chapter.number)  \(chapter.title)")
            for stage in chapter.stages {
                let mark: String
                if progress?.chapter == chapter.number && progress?.stage == stage.number {
                    mark = "▶"
                } else if progress?.chapter == chapter.number && progress?.met.contains(stage.id) == true {
                    mark = "✓"
                } else {
                    mark = "·"
                }
                print("  \(mark) \(stage.id)  \(stage.kind.symbol) \(stage.title)")
            }
        }
        return 0
    }
}
