import Dispatch
import Foundation
import StepJudging
import StepRunning
import Synchronization
import WorkbookModel

extension Walk {
    /// Runs each chapter's stages in order, up to `jobs` chapters at once, printing each stage's lines
    /// as it finishes; returns the reports in the order of the stages.
    func run(_ chapters: [[(Chapter, Step)]]) throws(StageKitError) -> [StepReport] {
        let runner = StepRun(workbook: workbook, runner: runner, now: now)
        guard jobs > 1, chapters.count > 1 else {
            var reports: [StepReport] = []
            for (chapter, stage) in chapters.joined() {
                let report = try runner.run(stage, of: chapter)
                show(report)
                reports.append(report)
            }
            return reports
        }
        // The longest chapters go first, so that no worker is left with a long one at the end.
        let longestFirst = chapters.indices.sorted { chapters[$0].count > chapters[$1].count }
        let next = Mutex(0)
        let state = Mutex<(finished: [StepReport], failure: StageKitError?)>(([], nil))
        let told = DispatchSemaphore(value: 0)
        let workers = DispatchGroup()
        // Each worker is a thread of its own, for it blocks on the builds and tests it waits for: the
        // dispatch queues' threads are for work that does not block.
        for _ in 0..<min(jobs, chapters.count) {
            workers.enter()
            Thread.detachNewThread {
                defer { workers.leave() }
                // A worker takes the next chapter not yet taken, and walks it to its end.
                while let index = next.withLock({ (taken: inout Int) -> Int? in
                    guard taken < longestFirst.count else { return nil }
                    taken += 1
                    return longestFirst[taken - 1]
                }) {
                    for (chapter, stage) in chapters[index] {
                        guard state.withLock({ $0.failure == nil }) else { return }
                        do throws(StageKitError) {
                            let report = try runner.run(stage, of: chapter)
                            state.withLock { $0.finished.append(report) }
                        } catch {
                            state.withLock { $0.failure = error }
                        }
                        told.signal()
                    }
                }
            }
        }
        // This thread prints, so that the lines come one stage at a time, as the stages finish.
        var reports: [StepReport] = []
        let total = chapters.reduce(0) { $0 + $1.count }
        while reports.count < total {
            told.wait()
            let (finished, failure) = state.withLock { state in
                defer { state.finished = [] }
                return (state.finished, state.failure)
            }
            for report in finished { show(report) }
            reports += finished
            if let failure {
                workers.wait()
                throw failure
            }
        }
        workers.wait()
        let order = Dictionary(uniqueKeysWithValues: chapters.joined().enumerated().map { ($1.1.id, $0) })
        return reports.sorted { order[$0.stage.id, default: 0] < order[$1.stage.id, default: 0] }
    }

    /// A stage's line, and what did not match, if anything.
    func show(_ report: StepReport) {
        print(
            Self.row(
                report.stage.id, report.stage.kind.rawValue, report.stage.expectation.summary,
                report.outcome.summary, String(format: "%.1fs", report.seconds),
                report.verdict.isMet ? "ok" : "MISMATCH"))
        for line in report.verdict.lines(for: .author) { print("         \(line)") }
    }
}

/// What a worker needs to run one stage: all of it can be shared between threads.
struct StepRun: Sendable {
    let workbook: Workbook
    let runner: any StepRunner
    let now: @Sendable () -> Date

    func run(_ stage: Step, of chapter: Chapter) throws(StageKitError) -> StepReport {
        let started = now()
        let package = StepPackage.files(for: chapter, tree: workbook.tree(after: stage, in: chapter))
        let outcome = try runner.run(package, of: chapter, stageID: stage.id)
        let verdict = Judge(.author).judge(stage, outcome, files: package, of: chapter)
        return StepReport(
            stage: stage, outcome: outcome, verdict: verdict, seconds: now().timeIntervalSince(started))
    }
}
