import Foundation
import StepJudging
import StepRunning
import WorkbookModel

extension Walk {
    /// Runs each chapter's steps in order, up to `jobs` chapters at once, printing each step's lines
    /// as it finishes; returns the reports in the order of the steps.
    package func run(_ chapters: [[(Chapter, Step)]]) throws(StageKitError) -> [StepReport] {
        let runner = StepRun(
            workbook: workbook, trees: workbook.treesAfterEachStep(of: chapters.compactMap(\.first?.0)),
            runner: runner, now: now)
        return try ChapterWorkers(jobs: jobs).run(chapters, show: show) { (item) throws(StageKitError) in
            try runner.run(item.1, of: item.0)
        }
    }

    /// A step's line, and what did not match, if anything.
    package func show(_ report: StepReport) {
        print(
            Self.row(
                report.step.id, report.step.kind.rawValue, report.step.expectation.summary,
                report.outcome.summary, String(format: "%.1fs", report.seconds),
                report.verdict.isMet ? "ok" : "MISMATCH"))
        for line in report.verdict.lines(for: .author) { print("         \(line)") }
    }
}

/// What a worker needs to run one step: all of it can be shared between threads.
package struct StepRun: Sendable {
    package let workbook: Workbook
    /// The package files after each step to run, by its id ("1.3"), made once for the walk.
    package let trees: [String: FileTree]
    package let runner: any StepRunner
    package let now: @Sendable () -> Date

    package func run(_ step: Step, of chapter: Chapter) throws(StageKitError) -> StepReport {
        let started = now()
        let package = StepPackage.files(
            for: chapter, tree: trees[step.id] ?? workbook.tree(after: step, in: chapter))
        let outcome = try runner.run(package, of: chapter, stepID: step.id)
        let verdict = Judge(.author).judge(step, outcome, files: package, of: chapter)
        return StepReport(
            step: step, outcome: outcome, verdict: verdict, seconds: now().timeIntervalSince(started))
    }
}
