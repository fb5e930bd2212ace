import StepRunning
import WorkbookModel

/// How the tool speaks of a step: its goal, what meeting it looks like, and what to do now.
extension WorkbookSession {
    func describe(_ stage: Step?, of chapter: Chapter) {
        guard let stage else {
            print("Chapter \(chapter.number) is done.")
            return
        }
        print("Step \(stage.id) \(stage.kind.symbol) \(stage.title)")
        print("")
        print(stage.text)
        print("")
        print("Goal: \(goal(of: stage))")
        print(
            "Its text, with the code: \(chapter.readmePath). Work in \(workspace.folder.path),"
        )
        print("then run 'workbook check'.")
    }

    func goal(of stage: Step) -> String {
        switch stage.expectation {
        case .compileError(let diagnostics):
            "It does not compile, with: "
                + diagnostics.filter(\.isRequired).map { "'\($0.message)'" }.joined(
                    separator: ", ")
                + "."
        case .testFailure(let failures):
            "It compiles, and "
                + failures.byTest.map { test, messages in
                    "\(test) fails"
                        + (messages.isEmpty
                            ? "" : " with " + messages.map { "'\($0)'" }.joined(separator: " and "))
                }.joined(separator: ", ") + "."
        case .crash(let failure):
            "It compiles, and the tests stop while \(failure.test) runs"
                + (failure.message.map { ", with '\($0)'" } ?? "") + "."
        case .green:
            "Every test passes: yours, and the workbook's own tests for this step."
        }
    }

    func metMessage(_ stage: Step, _ outcome: Outcome) -> String {
        switch stage.expectation {
        case .compileError: "Red, for the right reason: it does not compile, with the error the step expects."
        case .testFailure: "Red, for the right reason: the test fails as the step expects."
        case .crash: "Red, for the right reason: the tests stop where the step expects, with a trap."
        case .green: "Green: \(outcome.summary), the workbook's own tests for this step among them."
        }
    }
}
