import Foundation
import WorkbookModel

/// Makes the chapter text a learner reads from the chapter's header and steps, so that the code in
/// the text is the code the walk ran.
package enum ChapterRenderer {
    package static func render(_ chapter: Chapter, of workbook: Workbook) -> String {
        var out: [String] = [
            "<!-- Made by Scripts/render-chapters from chapter.md and stages/: edit those, not this file. -->",
            "",
            "# Chapter \(chapter.number): \(chapter.title)",
            "",
        ]
        if let note = chapter.deepDiveNote(next: workbook.nextCoreChapter(after: chapter)) {
            out += [note, ""]
        }
        out += [chapter.intro, ""]
        if let diagram = workbook.stackDiagramChapter(of: chapter) {
            out += [
                "![What calls what in this track, and where the tests' doubles plug in]"
                    + "(../\(diagram.folderName)/stack.svg)", "",
            ]
        }
        out += ["## Where you start", ""]
        out.append(
            "Run `swift run workbook start \(chapter.number)` in the workbook's folder: it writes the chapter's"
                + " starting package into `Workspace/` (keeping a copy of anything already there) and shows the"
                + " first step. Work in `Workspace/`; `swift run workbook check` tells you whether a step's goal"
                + " is met, and `swift run workbook next` moves on.")
        out.append("")
        if let previous = chapter.continues.flatMap(workbook.chapter) {
            out.append(
                "That package is where chapter \(previous.number) (\(previous.title)) ended, with its module"
                    + " renamed `\(chapter.module)`.")
            out.append("")
        }
        if !chapter.start.files.isEmpty {
            out.append("The chapter gives you these files:")
            out.append("")
            for path in chapter.start.paths {
                out += FileChangeText.lines(path: path, before: nil, after: chapter.start, folder: "start")
            }
        }
        out.append(
            "Each step shows a new file in full, and a file it changes as the changed lines with a few"
                + " lines around them to find the place, as `git diff` does: `+` lines are new, `-` lines"
                + " go. The whole file after the step is a link away.")
        out.append("")
        out.append(
            "To compare with the workbook's own package after any step N, `Scripts/checkout-stage"
                + " \(chapter.number).N --into Workspace-reference` writes it beside yours.")
        out.append("")

        for (step, before) in zip(chapter.steps, workbook.stepTrees(of: chapter).before) {
            out += section(for: step, before: before)
        }
        if let recap = chapter.recap { out += ["## Recap", "", recap] }
        if let ending = chapter.ending { out += endingLines(ending) }
        return out.joined(separator: "\n") + "\n"
    }

    /// A step: its text, then each file it changes (a new file in full, a changed one as its changed
    /// regions, data as a link), what the learner will see, and its hints.
    static func section(for step: Step, before: FileTree) -> [String] {
        var out = ["## Step \(step.id) \(step.kind.symbol) \(step.title)", ""]
        if let milestone = step.milestone {
            out += ["*\(step.kind.rawValue.capitalized) step, milestone M\(milestone).*", ""]
        } else {
            out += ["*\(step.kind.rawValue.capitalized) step.*", ""]
        }
        out += [step.text, ""]
        for path in step.deletions {
            out += ["Delete `\(path)`.", ""]
        }
        // A green or a refactor is the learner's to write: the workbook's code waits, folded, one click away.
        let folds = step.kind.isLearnersCode
        let written = step.changes.paths.filter { !step.given.contains($0) }
        if folds, !written.isEmpty {
            out += [
                "Try it yourself first: write the least code that makes `workbook check` say it is met, in your"
                    + " own way. The workbook's code, when you want to compare:", "",
                "<details><summary>The workbook's code for step \(step.id)</summary>", "",
            ]
        }
        for path in step.changes.paths {
            guard !step.given.contains(path) else {
                // Support code the step does not teach: linked, never reprinted.
                out += [
                    "`\(path)` is given: `workbook` writes it into your package when the step begins"
                        + " ([the file](stages/\(step.folderName)/\(path))).", "",
                ]
                continue
            }
            out += FileChangeText.lines(
                path: path, before: before, after: step.changes, folder: "stages/\(step.folderName)")
        }
        if folds, !written.isEmpty { out += ["</details>", ""] }
        out += ["Run `workbook check`. " + seen(step.expectation), ""]
        out += expectationLines(step.expectation)
        out += hintLines(step.hints)
        return out
    }

    /// What a learner will see, beyond the sentence `seen` says: the errors, or the failing tests.
    static func expectationLines(_ expectation: StepExpectation) -> [String] {
        switch expectation {
        case .compileError(let diagnostics):
            let line = { (expectation: DiagnosticExpectation) in
                "\(expectation.file.map { "\($0): " } ?? "")\(expectation.severity.rawValue): \(expectation.message)"
            }
            let required = diagnostics.filter(\.isRequired)
            let followUps = diagnostics.filter { !$0.isRequired }
            return ["```text"] + required.map(line) + ["```", ""]
                + (followUps.isEmpty
                    ? []
                    : ["It may go on with errors or warnings that follow from these:", "", "```text"]
                        + followUps.map(line) + ["```", ""])
        case .testFailure(let failures):
            return failures.byTest.flatMap { test, messages in
                messages.count > 1
                    ? ["- `\(test)`, in \(messages.count) places:"] + messages.map { "  - \($0)" }
                    : ["- `\(test)`" + (messages.first.map { ": \($0)" } ?? "")]
            } + [""]
        case .crash(let failure):
            return ["- `\(failure.test)`" + (failure.message.map { ": \($0)" } ?? ""), ""]
        case .green:
            return []
        }
    }

    static func hintLines(_ hints: [String]) -> [String] {
        hints.enumerated().flatMap { index, hint in
            ["<details><summary>Hint \(index + 1)</summary>", "", hint, "", "</details>", ""]
        }
    }

    package static func seen(_ expectation: StepExpectation) -> String {
        switch expectation {
        case .compileError(let all):
            let errors = all.filter(\.isRequired).count
            let words =
                " (in Swift 6.3's words: your compiler may put them otherwise, and `workbook check` reads"
                + " the names in quotes)"
            return errors == 1
                ? "It does not compile, and the compiler says why\(words):"
                : "It does not compile, and the compiler says why\(words): these \(errors) errors, among what it"
                    + " prints:"
        case .testFailure(let failures):
            let tests = failures.byTest.count
            let words =
                " (with the message Swift 6.3 prints, which another release may word otherwise: `workbook check`"
                + " reads which test fails, and on what)"
            return tests == 1
                ? "It compiles, and this test fails\(words):"
                : "It compiles, and these \(tests) tests fail\(words):"
        case .crash:
            return "It compiles, and the test process stops, trapped, while this test runs:"
        case .green:
            return "Every test passes."
        }
    }

    /// Key points, questions with their answers folded away, and the challenge.
    static func endingLines(_ ending: ChapterEnding) -> [String] {
        var out =
            ["", "## What to remember", ""] + ending.keyPoints.map { "- \($0)" } + ["", "## Questions", ""]
        for (index, question) in ending.questions.enumerated() {
            out += ["\(index + 1). \(question.text)", ""] + question.choices.map { "   - \($0.text)" }
            out += [
                "", "   <details><summary>Answer</summary>", "", "   \(question.rightAnswer) \(question.why)",
                "",
                "   </details>", "",
            ]
        }
        return out + ["## A challenge", "", ending.challenge]
    }
}
