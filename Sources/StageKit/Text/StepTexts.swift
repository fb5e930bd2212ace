import WorkbookModel

/// What the tools say of one step, beside the chapter README that `ChapterRenderer` makes, and from
/// its pieces: the step's goal, what a met check says, and the note a checked-out step's folder holds.
package enum StepTexts {
    /// What a learner reads when they arrive at a step (`start`, `next`, `goto`): its heading, its
    /// text, its goal, where its text and the workbook's code are, and where to work; for no step, that
    /// the chapter is done.
    package static func arrival(at step: Step?, of chapter: Chapter, workspace: String) -> [String] {
        guard let step else { return ["Chapter \(chapter.number) is done."] }
        // A green or a refactor is the learner's to write, its code folded; a red's test is there to read.
        let whereToRead =
            step.kind.isLearnersCode
            ? [
                "Its text is in \(chapter.readmePath), the workbook's code folded under it: try first, and ask",
                "'workbook hint' before you look.",
            ]
            : !step.changes.paths.isEmpty && step.changes.paths.allSatisfy(step.given.contains)
                ? [
                    "Its text is in \(chapter.readmePath); its test is given, in your package: read it, then check."
                ]
                : step.filesToWrite.allSatisfy({ $0.hasPrefix("Sources/") })
                    ? [
                        "Its text is in \(chapter.readmePath), with the workbook's code: write your own first."
                    ]
                    : [
                        "Its text is in \(chapter.readmePath), with the workbook's test: write your own first."
                    ]
        return ["Step \(step.heading)", "", step.text, "", "Goal: \(goal(of: step, in: chapter))"]
            + whereToRead
            + (step.filesToWrite.isEmpty
                ? []
                : ["Its files: \(step.filesToWrite.joined(separator: ", ")) ('workbook open' opens them)."])
            + ["Work in \(workspace), then run 'workbook check'."]
    }

    /// A step's goal, as a sentence a learner reads: what meeting it looks like, in what `check`
    /// reads (tests, the names errors speak of, their files), with the words Swift 6.3 printed beside
    /// it, which the learner's toolchain may put otherwise.
    package static func goal(of step: Step, in chapter: Chapter) -> String {
        switch step.expectation {
        case .compileError(let diagnostics):
            let names = diagnostics.names(in: chapter).map { "'\($0)'" }
            let files = Set(diagnostics.compactMap(\.file)).sorted()
            let place = files.isEmpty ? "your tests" : "your tests or " + files.joined(separator: ", ")
            let said = diagnostics.filter(\.isRequired).map { "'\($0.message)'" }.joined(separator: ", ")
            return "It does not compile, with errors in \(place)"
                + (names.isEmpty ? "" : " that name " + listed(names)) + " (Swift 6.3 says: \(said))."
        case .testFailure(let failures):
            return "It compiles, and "
                + failures.byTest.map { test, messages in
                    "\(test) fails on what it checks"
                        + (messages.isEmpty
                            ? ""
                            : " (Swift 6.3 shows: " + messages.map { "'\($0)'" }.joined(separator: " and ")
                                + ")")
                }.joined(separator: ", ") + "."
        case .crash(let failure):
            return "It compiles, and the tests stop while \(failure.test) runs."
        case .green:
            return "Every test passes: yours, and the workbook's own tests for this step."
        }
    }

    /// "'a', 'b' and 'c'".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// What a check says when a step's goal is met; `outcome` is what the run showed, in words.
    package static func metMessage(_ step: Step, outcome: String) -> String {
        switch step.expectation {
        case .compileError: "Red, for the right reason: it does not compile, with the error the step expects."
        case .testFailure: "Red, for the right reason: the test fails as the step expects."
        case .crash: "Red, for the right reason: the tests stop where the step expects, with a trap."
        case .green: "Green: \(outcome), the workbook's own tests for this step among them."
        }
    }

    /// The note in a checked-out step's folder (STAGE.md): the step's text, its goal and hints.
    package static func stepNote(_ step: Step, of chapter: Chapter) -> String {
        let lines =
            [
                "# Step \(step.id) \(step.kind.symbol) \(step.title)", "",
                "Chapter \(chapter.number), \(chapter.title). This folder is the package as it is after this step.",
                "", step.text, "", "Run `swift test`. " + ChapterRenderer.seen(step.expectation), "",
            ] + ChapterRenderer.expectationLines(step.expectation) + ChapterRenderer.hintLines(step.hints)
        return lines.joined(separator: "\n")
    }

    /// The note in a checked-out chapter start's folder.
    package static func startNote(of chapter: Chapter) -> String {
        var lines = [
            "# Chapter \(chapter.number): \(chapter.title), the start", "",
            "This folder is the package before the chapter's first step.", "", chapter.intro, "",
        ]
        if let first = chapter.steps.first {
            lines += [
                "Your first step is \(first.id) \(first.kind.symbol) \(first.title). Its text is in"
                    + " \(chapter.readmePath).", "",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
