import Foundation
import StepJudging
import WorkbookModel
import WorkbookText

/// The checks that keep a chapter honest: every step changes something, a green step leaves the tests
/// alone, the steps come in a sensible order, the last step is the chapter's code in `Sources/` and
/// `Tests/`, and the chapter text is the one the steps make.
package enum ChainChecker {
    /// `packageFiles` is what the main package holds under `Sources/` and `Tests/`;
    /// `chapterTexts` the chapter READMEs on disk, by chapter number.
    package static func problems(
        in chapter: Chapter, of workbook: Workbook, packageFiles: FileTree, manifest: String,
        chapterText: String?
    ) -> [ChainProblem] {
        var problems: [ChainProblem] = []
        let subject = "chapter \(chapter.number)"

        if chapter.continues != nil, !chapter.start.files.isEmpty {
            problems.append(
                ChainProblem(
                    subject: subject,
                    problem:
                        "it continues another chapter, so it starts where that one ends and has no start/ folder"
                ))
        }
        if !manifest.contains("\"\(chapter.module)\"") {
            problems.append(
                ChainProblem(
                    subject: subject, problem: "Package.swift does not list its module \(chapter.module)"))
        }

        if chapter.steps.isEmpty {
            problems.append(
                ChainProblem(
                    subject: subject,
                    problem:
                        "it has no steps yet: record its first with Scripts/record-stage \(chapter.number).1"
                        + " --from DIR --kind red --title T"))
        }
        // Code that writes a verdict itself, in the chapter's start or in any step.
        problems += ForgedOutcomes.problems(in: chapter.start, chapter: chapter).map {
            ChainProblem(subject: subject, problem: $0)
        }
        for step in chapter.steps {
            problems += ForgedOutcomes.problems(in: step.changes, chapter: chapter).map {
                ChainProblem(subject: step.id, problem: $0)
            }
        }
        var previousTree = workbook.startTree(of: chapter)
        // A continuing chapter starts from passing code: the chapter it continues ended green.
        var previousKind: StepKind? = chapter.continues == nil ? nil : .green
        for (step, tree) in zip(chapter.steps, workbook.trees(of: chapter)) {
            problems += stepProblems(step, previousKind: previousKind, before: previousTree, after: tree)
            previousTree = tree
            previousKind = step.kind
        }
        if let last = chapter.steps.last, last.kind.fails {
            problems.append(
                ChainProblem(subject: last.id, problem: "a chapter ends on a passing step, not on a red one"))
        }

        let expected = workbook.finalTree(of: chapter)
        let actual = FileTree(
            packageFiles.files.filter {
                $0.key.hasPrefix(chapter.sourcesPath + "/") || $0.key.hasPrefix(chapter.testsPath + "/")
            })
        let (onlySteps, onlyPackage, changed) = expected.differences(from: actual)
        let lastID = chapter.steps.last?.id ?? subject
        for path in onlySteps {
            problems.append(
                ChainProblem(subject: lastID, problem: "the last step has \(path), which the package lacks"))
        }
        for path in onlyPackage {
            problems.append(
                ChainProblem(subject: lastID, problem: "the package has \(path), which the last step lacks"))
        }
        for path in changed {
            problems.append(
                ChainProblem(subject: lastID, problem: "\(path) in the package differs from the last step's")
            )
        }

        let marked = MilestoneSuites.titles(in: workbook.finalTree(of: chapter))
        var named: Set<String> = []
        for step in chapter.steps {
            guard let milestone = step.milestone, named.insert(milestone).inserted, marked[milestone] == nil
            else { continue }
            problems.append(
                ChainProblem(
                    subject: step.id,
                    problem:
                        "it belongs to milestone M\(milestone), which no suite of the chapter's final tests"
                        + " marks: name one @Suite(\"Milestone \(milestone): …\")"))
        }

        let rendered = ChapterRenderer.render(chapter, of: workbook)
        if chapterText != rendered {
            problems.append(
                ChainProblem(
                    subject: subject,
                    problem: "\(chapter.readmePath) is not the text its steps make:"
                        + " run Scripts/render-chapters"))
        }
        return problems
    }

    /// Whether a line of code (not a comment) holds the compiler directive.
    package static func stepProblems(
        _ step: Step, previousKind: StepKind?, before: FileTree, after: FileTree
    )
        -> [ChainProblem]
    {
        var problems: [ChainProblem] = []
        func add(_ problem: String) { problems.append(ChainProblem(subject: step.id, problem: problem)) }

        // Each kind says what it may follow, with no default: a new kind does not compile until it does.
        switch step.kind {
        case .green:
            if previousKind != .red {
                add(
                    "a green step makes a red one pass, but it follows"
                        + " \(previousKind.map { "a \($0.rawValue) step" } ?? "nothing")")
            }
        case .refactor, .test:
            if previousKind == nil || previousKind == .red {
                add(
                    "a \(step.kind.rawValue) step starts from passing code, but it follows"
                        + " \(previousKind == nil ? "nothing" : "a red step")")
            }
        case .red:
            // A red adds a failing test, after a passing step or another red's compile error alike.
            break
        }

        for path in step.changes.paths where before.files[path] == step.changes.files[path] {
            add("it writes \(path) unchanged: keep only the files a step changes")
        }
        for path in step.deletions where before.files[path] == nil {
            add("it deletes \(path), which no earlier step wrote")
        }
        if step.changes.files.isEmpty && step.deletions.isEmpty {
            add("it changes no file")
        }
        if case .testFailure(let failures) = step.expectation {
            for failure in failures where failure.message.map(StepRefresh.isBare) == true {
                add(
                    "its message: for \(failure.test) says only '\(failure.message ?? "")', which every failing"
                        + " expectation prints: pin what this failure shows (Scripts/stages refresh \(step.id))"
                )
            }
        }

        if step.kind == .test {
            for path in step.changes.paths + step.deletions where !path.hasPrefix("Tests/") {
                add("a test step adds tests that pass at once and changes no code, but it changes \(path)")
            }
        }
        if step.kind == .green {
            let (added, removed, changed) = after.differences(from: before)
            let touchedTests = (added + removed + changed).filter { $0.hasPrefix("Tests/") }
            for path in touchedTests {
                add("a green step may not change the tests its red step wrote, but it changes \(path)")
            }
        }
        return problems
    }
}
