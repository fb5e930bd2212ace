import WorkbookModel

/// `workbook where`: the workspace, the step, and the chapter file to open, for a learner who comes
/// back to the room or to the terminal and has lost their place.
struct WhereCommand: LearnerCommand {
    static let declaration = CommandDeclaration(
        "where", "your workspace, your step, and the chapter file to open")
    /// It only reads, so it answers at once, even while a check runs.
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let workspace = session.workspace
        session.print("Workspace: \(workspace.folder.path)")
        guard try workspace.progress() != nil else {
            session.print("Step: none yet ('workbook start 1' starts the first chapter).")
            return 0
        }
        let place = try session.current()
        let chapter = place.chapter
        let readme = session.workbook.root.appendingPathComponent(chapter.readmePath).path
        guard let step = place.step else {
            session.print(
                "Step: none; you have done every step of chapter \(chapter.number), \(chapter.title).")
            session.print("Read: \(readme)")
            return 0
        }
        session.print(
            "Step: \(step.heading), of chapter \(chapter.number), \(chapter.title)."
        )
        session.print("Read: \(readme), at \"Step \(step.id)\".")
        if !step.filesToWrite.isEmpty {
            session.print(
                "Files: " + step.filesToWrite.map { workspace.url($0).path }.joined(separator: ", ")
                    + " ('workbook open' opens them in your editor).")
        }
        return 0
    }
}
