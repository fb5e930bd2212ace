import WorkbookModel
import WorkbookText

/// How the tool speaks of a step: its goal, what meeting it looks like, and what to do now.
extension WorkbookSession {
    func describe(_ step: Step?, of chapter: Chapter) {
        guard let step else {
            print("Chapter \(chapter.number) is done.")
            return
        }
        print("Step \(step.heading)")
        print("")
        print(step.text)
        print("")
        print("Goal: \(StepTexts.goal(of: step, in: chapter))")
        // A green or a refactor is the learner's to write, its code folded; a red's test is there to read.
        if step.kind == .green || step.kind == .refactor {
            print(
                "Its text is in \(chapter.readmePath), the workbook's code folded under it: try first, and ask"
            )
            print("'workbook hint' before you look.")
        } else {
            print("Its text is in \(chapter.readmePath), with the workbook's test: write your own first.")
        }
        print("Work in \(workspace.folder.path), then run 'workbook check'.")
    }
}
