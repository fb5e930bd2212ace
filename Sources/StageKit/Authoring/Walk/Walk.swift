import Foundation
import StepJudging
import StepRunning
import WorkbookModel
import WorkbookText

/// Which steps a walk runs: all, one chapter's, one step, or from a step on.
package struct WalkSelection: Equatable, Sendable {
    package var chapter: String?
    package var step: String?
    package var from: String?

    package init(chapter: String? = nil, step: String? = nil, from: String? = nil) {
        self.chapter = chapter
        self.step = step
        self.from = from
    }

    /// The chosen steps in workbook order, with their chapters.
    package func steps(in workbook: Workbook) throws(StageKitError) -> [(Chapter, Step)] {
        var all: [(Chapter, Step)] = []
        if let chapter {
            let found = try workbook.chapter(named: chapter)
            all = found.steps.map { (found, $0) }
        } else {
            all = workbook.chapters.flatMap { chapter in chapter.steps.map { (chapter, $0) } }
        }
        if let step {
            let (_, found) = try workbook.step(named: step)
            all = all.filter { $0.1 == found }
            if all.isEmpty { throw .usage("step \(step) is not in chapter \(chapter ?? "")") }
        }
        if let from {
            let (_, found) = try workbook.step(named: from)
            guard let index = all.firstIndex(where: { $0.1 == found }) else {
                throw .usage("step \(from) is not in chapter \(chapter ?? "")")
            }
            all = Array(all[index...])
        }
        return all
    }
}

/// How one step went.
package struct StepReport: Equatable, Sendable {
    package var step: Step
    package var outcome: Outcome
    package var verdict: Verdict
    package var seconds: Double
}

/// What a walk found: each step's report and the breaks in the chain.
package struct WalkReport: Equatable, Sendable {
    package var steps: [StepReport]
    package var chainProblems: [ChainProblem]

    package var passed: Bool { chainProblems.isEmpty && steps.allSatisfy(\.verdict.isMet) }
    package var mismatched: [StepReport] { steps.filter { !$0.verdict.isMet } }
}

/// Checks out each chosen step in turn, runs it, and compares what it showed with what it must show;
/// checks the chain of the chapters it touches; prints a line per step and a summary.
package struct Walk {
    package var workbook: Workbook
    package var runner: any StepRunner
    package var print: (String) -> Void
    package var now: @Sendable () -> Date
    /// How many chapters are walked at once; each has a package of its own, so they do not meet.
    package var jobs: Int

    package init(
        workbook: Workbook, runner: any StepRunner, print: @escaping (String) -> Void,
        now: @escaping @Sendable () -> Date = { Date() }, jobs: Int = 1
    ) {
        self.workbook = workbook
        self.runner = runner
        self.print = print
        self.now = now
        self.jobs = jobs
    }

    /// Walks the chosen steps, or of those only the steps of the chapters in `only`, when given.
    package func run(_ selection: WalkSelection, only: Set<Int>? = nil) throws(StageKitError) -> WalkReport {
        let chosen = try selection.steps(in: workbook).filter { only?.contains($0.0.number) ?? true }
        var chapterNumbers: [Int] = []
        for (chapter, _) in chosen where !chapterNumbers.contains(chapter.number) {
            chapterNumbers.append(chapter.number)
        }
        let chapters = chapterNumbers.compactMap(workbook.chapter)
        // The hints are the walk's to ask for, not an authoring command's: a step just recorded has none yet.
        let problems =
            try Self.chainProblems(of: chapters, in: workbook)
            + chapters.flatMap(\.steps).compactMap(Self.hintProblem)
        for problem in problems { print("chain  \(problem)") }

        print(Self.row("step", "kind", "expected", "got", "time", "result"))
        let groups = chosen.runs { $0.0.number }.map(\.elements)
        let started = now()
        let reports = try run(groups)
        let wall = now().timeIntervalSince(started)
        let report = WalkReport(steps: reports, chainProblems: problems)
        summarize(report, chapters: chapters, wall: wall)
        return report
    }

    /// The breaks in the chain of these chapters, and in what the workbook makes from all of them.
    package static func chainProblems(of chapters: [Chapter], in workbook: Workbook) throws(StageKitError)
        -> [ChainProblem]
    {
        let root = workbook.root
        let packageFiles = try FileTree.read(from: root.appendingPathComponent("Sources"), under: "Sources/")
            .overlaid(with: try FileTree.read(from: root.appendingPathComponent("Tests"), under: "Tests/"))
        let manifest =
            (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        let problems = chapters.flatMap { chapter in
            let textURL = root.appendingPathComponent(chapter.readmePath)
            return ChainChecker.problems(
                in: chapter, of: workbook, packageFiles: packageFiles, manifest: manifest,
                chapterText: try? String(contentsOf: textURL, encoding: .utf8))
        }
        return problems + chapters.flatMap { ChapterBudget($0, of: workbook).problems }
            + GeneratedSection.all.compactMap { $0.problem(in: workbook) }
            + TextReferences.problems(in: workbook) + PageFacts.problems(in: workbook)
            + SharedHelpers.problems(in: workbook)
            + chapters.flatMap {
                NamesGiven.problems(in: $0, of: workbook) + NamesGiven.goalNamesProblems(in: $0, of: workbook)
            }
    }

    /// A green or refactor step asks the learner to try first, so `workbook hint` has two hints or more
    /// for it before its solution (the walk asks; `record` and `edit` leave it to the author's text).
    package static func hintProblem(_ step: Step) -> ChainProblem? {
        guard step.kind.isLearnersCode, step.hints.count < 2 else { return nil }
        return ChainProblem(
            subject: step.id,
            problem:
                "a \(step.kind.rawValue) step asks the learner to try first, so it gives two hints or more "
                + "before its solution (what has to change, then which API or shape); it has \(step.hints.count)"
        )
    }

    package func summarize(_ report: WalkReport, chapters: [Chapter], wall: Double) {
        let seconds = report.steps.map(\.seconds)
        let total = seconds.reduce(0, +)
        let chapterList = chapters.map { String($0.number) }.joined(separator: ", ")
        let parallel =
            jobs > 1 && chapters.count > 1
            ? String(format: ", %.1f s of steps, %d at once", total, min(jobs, chapters.count)) : ""
        print(
            String(
                format: "%d step%@ of chapter%@ %@ in %.1f s (median %.1f s a step%@)", report.steps.count,
                report.steps.count == 1 ? "" : "s", chapters.count == 1 ? "" : "s", chapterList, wall,
                Self.median(seconds), parallel))
        if report.passed {
            print("walk passed: every step showed what it must, and the chain holds.")
            return
        }
        let mismatched = report.mismatched.map { "\($0.step.id) (\($0.step.kind.rawValue))" }
        var parts: [String] = []
        if !mismatched.isEmpty {
            parts.append("step(s) \(mismatched.joined(separator: ", ")) did not show what they must")
        }
        if !report.chainProblems.isEmpty {
            let subjects = Set(report.chainProblems.map(\.subject)).sorted().joined(separator: ", ")
            parts.append("\(report.chainProblems.count) chain problem(s) in \(subjects)")
        }
        print("walk FAILED: \(parts.joined(separator: "; ")).")
    }

    package static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    package static func row(_ columns: String...) -> String {
        let widths = [6, 9, 15, 22, 8]
        var line = ""
        for (index, column) in columns.enumerated() {
            if index < widths.count {
                line += column.padding(
                    toLength: max(widths[index], column.count + 1), withPad: " ", startingAt: 0)
            } else {
                line += column
            }
        }
        return line
    }
}
