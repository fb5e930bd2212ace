import WorkbookModel
import WorkbookText

/// How the tool speaks of a step: its goal, what meeting it looks like, and what to do now.
extension WorkbookSession {
    func describe(_ stage: Step?, of chapter: Chapter) {
        guard let stage else {
            print("Chapter \(chapter.number) is done.")
            return
        }
        print("Step \(stage.heading)")
        print("")
        print(stage.text)
        print("")
        print("Goal: \(StepTexts.goal(of: stage, in: chapter))")
        print(
            "Its text is in \(chapter.readmePath), the workbook's code folded under it: try first, and ask"
        )
        print("'workbook hint' before you look. Work in \(workspace.folder.path), then run 'workbook check'.")
    }
}
