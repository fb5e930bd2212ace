import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel

/// Times the walk against the naive walk over the same steps: the walk keeps one warm package per
/// chapter; the naive walk builds every step in a fresh folder with nothing to reuse.
package struct Benchmark {
    package struct Row: Equatable, Sendable {
        package var stepID: String
        package var walkSeconds: Double
        package var naiveSeconds: Double
        /// Whether both walks saw the same outcome (they must: reuse may not change a result).
        package var sameOutcome: Bool
    }

    package var workbook: Workbook
    package var swift: URL
    package var print: (String) -> Void

    package init(workbook: Workbook, swift: URL, print: @escaping (String) -> Void) {
        self.workbook = workbook
        self.swift = swift
        self.print = print
    }

    package func run(_ selection: WalkSelection) throws(StageKitError) -> [Row] {
        let chosen = try selection.steps(in: workbook)
        let base = TemporaryFolder.uniqueName("stages-bench-")
        defer { try? FileManager.default.removeItem(at: base) }

        print("The walk: one warm package per chapter, starting cold.")
        let warm = SwiftPMStepRunner(swift: swift, scratch: base.appendingPathComponent("walk"))
        var walk: [(Double, Outcome)] = []
        for (chapter, step) in chosen {
            walk.append(try time(step, of: chapter, runner: warm))
            print(String(format: "  %@  %.1f s", step.id, walk[walk.count - 1].0))
        }

        print("The naive walk: a fresh package and build for every step.")
        var rows: [Row] = []
        for (index, (chapter, step)) in chosen.enumerated() {
            let fresh = SwiftPMStepRunner(
                swift: swift, scratch: base.appendingPathComponent("naive-\(index)"))
            let (seconds, outcome) = try time(step, of: chapter, runner: fresh)
            try? FileManager.default.removeItem(at: fresh.scratch)
            print(String(format: "  %@  %.1f s", step.id, seconds))
            rows.append(
                Row(
                    stepID: step.id, walkSeconds: walk[index].0, naiveSeconds: seconds,
                    sameOutcome: outcome.summary == walk[index].1.summary))
        }
        print(Self.table(rows))
        return rows
    }

    package func time(_ step: Step, of chapter: Chapter, runner: SwiftPMStepRunner) throws(StageKitError)
        -> (Double, Outcome)
    {
        let package = StepPackage.files(for: chapter, tree: workbook.tree(after: step, in: chapter))
        let started = Date()
        let outcome = try runner.run(package, of: chapter, stepID: step.id)
        return (Date().timeIntervalSince(started), outcome)
    }

    package static func table(_ rows: [Row]) -> String {
        var lines = ["", "step    walk s   naive s   same outcome"]
        for row in rows {
            lines.append(
                String(
                    format: "%@%8.1f  %8.1f   %@",
                    row.stepID.padding(toLength: 6, withPad: " ", startingAt: 0),
                    row.walkSeconds, row.naiveSeconds, row.sameOutcome ? "yes" : "NO"))
        }
        let walkMedian = Walk.median(rows.map(\.walkSeconds))
        let naiveMedian = Walk.median(rows.map(\.naiveSeconds))
        let walkTotal = rows.map(\.walkSeconds).reduce(0, +)
        let naiveTotal = rows.map(\.naiveSeconds).reduce(0, +)
        lines.append(String(format: "median%8.1f  %8.1f", walkMedian, naiveMedian))
        lines.append(String(format: "total %8.1f  %8.1f", walkTotal, naiveTotal))
        lines.append(
            String(
                format: "ratio (naive / walk): %.1fx by the median step, %.1fx in total",
                walkMedian > 0 ? naiveMedian / walkMedian : 0, walkTotal > 0 ? naiveTotal / walkTotal : 0))
        return lines.joined(separator: "\n")
    }
}
