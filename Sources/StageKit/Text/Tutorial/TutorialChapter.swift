import Foundation
import WorkbookModel

/// One chapter as a DocC `@Tutorial`: a `@Section` per milestone, and in it, for each step, its text
/// and a `@Step` per Swift file it writes, whose `@Code` shows the file after the step against the same
/// file before it (DocC highlights the lines that changed), then what `workbook check` says and the hints.
struct TutorialChapter {
    let chapter: Chapter
    let workbook: Workbook
    /// The code files the `@Code` directives name, by their unique name in the catalog.
    private(set) var resources: [String: Data] = [:]
    private(set) var text = ""

    init(chapter: Chapter, workbook: Workbook, measured: MeasuredMinutes? = nil) {
        self.chapter = chapter
        self.workbook = workbook
        let titles = MilestoneSuites.titles(in: workbook.finalTree(of: chapter))
        // Where rooms measured every step, the steps' medians added up with the chapter's own text read;
        // else the workbook's estimate (ChapterBudget), not a flat few a step.
        let budget = ChapterBudget(chapter, of: workbook)
        let minutes =
            measured?.chapterFigure(of: chapter.steps.map(\.id)).map {
                Int(($0.median + budget.frameMinutes).rounded(.up))
            }
            ?? budget.minutes
        var lines = [
            "@Tutorial(time: \(minutes)) {",
            "    @Intro(title: \"Chapter \(chapter.number): \(Self.argument(chapter.title))\") {",
        ]
        let note = chapter.deepDiveNote(next: workbook.nextCoreChapter(after: chapter))
        lines += Self.indented((note.map { $0 + "\n\n" } ?? "") + chapter.intro, by: 8)
        lines.append("    }")
        var used: Set<String> = []
        let before = Dictionary(
            zip(chapter.steps.map(\.id), workbook.stepTrees(of: chapter).before), uniquingKeysWith: { $1 })
        for group in chapter.steps.runs(by: \.milestone) {
            let first = group.elements[0].id
            let last = group.elements[group.elements.count - 1].id
            var title = group.key.map { titles[$0] ?? "Milestone \($0)" } ?? "Steps"
            // DocC tells sections apart by title: a milestone that comes back is named by its steps.
            if !used.insert(title).inserted { title += ", continued at step \(first)" }
            lines += [
                "    @Section(title: \"\(Self.argument(title))\") {",
                "        @ContentAndMedia {",
                "            " + (first == last ? "Step \(first)." : "Steps \(first) to \(last)."),
                "        }",
                "        @Steps {",
            ]
            for step in group.elements {
                lines += steps(for: step, before: before[step.id] ?? workbook.tree(before: step, in: chapter))
            }
            lines += ["        }", "    }"]
        }
        if let recap = chapter.recap {
            lines += [
                "    @Section(title: \"Recap\") {", "        @ContentAndMedia {",
                "            What chapter \(chapter.number) built, the ideas it used, and where the next one goes.",
                "        }", "        @Steps {",
            ]
            lines += Self.indented(recap, by: 12)
            if let ending = chapter.ending {
                let remember = ["", "**What to remember.**", ""] + ending.keyPoints.map { "- \($0)" }
                lines += Self.indented(
                    (remember + ["", "**A challenge.** " + ending.challenge]).joined(separator: "\n"), by: 12)
            }
            lines += ["        }", "    }"]
        }
        if let ending = chapter.ending { lines += Self.assessments(ending) }
        lines.append("}")
        text = lines.joined(separator: "\n") + "\n"
    }

    /// A step's text, a `@Step` per Swift file it writes, what the learner will see, and the hints.
    private mutating func steps(for step: Step, before: FileTree) -> [String] {
        var content = ["**\(step.kind.symbol) \(step.id) \(step.title)**", "", step.text, ""]
        content += step.deletions.flatMap { ["Delete `\($0)`.", ""] }
        var lines = Self.indented(content.joined(separator: "\n"), by: 12)
        for path in step.changes.paths {
            guard path.hasSuffix(".swift"), let data = step.changes.files[path] else {
                lines += Self.indented(
                    "Copy `\(path)` from the workbook's `\(chapter.folderPath)/stages/"
                        + "\(step.folderName)/`: it is data, not code to type.\n", by: 12)
                continue
            }
            let fileName = String(path.split(separator: "/").last ?? "")
            let name = resourceName(step, path)
            resources[name] = data
            var code = "@Code(name: \"\(fileName)\", file: \"\(name)\""
            if let previous = before.files[path] {
                let previousName = resourceName(step, path, previous: true)
                resources[previousName] = previous
                code += ", previousFile: \"\(previousName)\""
            }
            lines += [
                "            @Step {",
                "                " + (before.files[path] == nil ? "Add `\(path)`." : "Change `\(path)`."),
                "                " + code + ")",
                "            }",
            ]
        }
        var outcome = ["Run `workbook check`. " + ChapterRenderer.seen(step.expectation), ""]
        outcome += ChapterRenderer.expectationLines(step.expectation)
        for (index, hint) in step.hints.enumerated() { outcome += ["**Hint \(index + 1).** \(hint)", ""] }
        return lines + Self.indented(outcome.joined(separator: "\n"), by: 12)
    }

    /// A name for one version of a file, unique in the catalog, as DocC finds resources by name.
    private func resourceName(_ step: Step, _ path: String, previous: Bool = false) -> String {
        let flat = path.replacingOccurrences(of: "/", with: "-")
        return String(
            format: "c%02d-s%02d-%@%@", chapter.number, step.number, previous ? "before-" : "", flat)
    }

    /// A text as a directive's quoted argument: a straight quote would end it, so it becomes a curly one.
    static func argument(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "”")
    }

    static func indented(_ text: String, by spaces: Int) -> [String] {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : pad + $0
        }
    }

    /// The chapter's questions as DocC's multiple-choice assessments, each answer with why.
    static func assessments(_ ending: ChapterEnding) -> [String] {
        var lines = ["    @Assessments {"]
        for question in ending.questions {
            lines += ["        @MultipleChoice {"] + indented(question.text, by: 12) + [""]
            for choice in question.choices {
                lines +=
                    ["            @Choice(isCorrect: \(choice.isRight)) {"] + indented(choice.text, by: 16)
                    + [""]
                lines += [
                    "                @Justification(reaction: \"\(choice.isRight ? "Right." : "Not this one.")\") {"
                ]
                lines += indented(
                    choice.isRight ? question.why : "The answer: \(question.rightAnswer) \(question.why)",
                    by: 20)
                lines += ["                }", "            }"]
            }
            lines.append("        }")
        }
        return lines + ["    }"]
    }
}
