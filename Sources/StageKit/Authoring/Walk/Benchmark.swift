import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel

/// Times the walk against the naive walk over the same steps: the walk keeps one warm package per
/// chapter; the naive walk builds every step in a fresh folder with nothing to reuse. Beside them,
/// SwiftPM's own work for the same change: the step's files written into a warm package of their own,
/// then `swift build --build-tests` and `swift test --skip-build`, what a maintainer would type. The
/// walk's cost beyond SwiftPM's is the ratio of the two.
package struct Benchmark {
    package struct Row: Equatable, Sendable {
        package var stepID: String
        package var walkSeconds: Double
        package var naiveSeconds: Double
        /// `swift build --build-tests` and `swift test --skip-build` of the same change, warm.
        package var swiftPMSeconds: Double
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

        print(
            "SwiftPM's own: the same changes in a warm package, built and tested with swift build and swift test."
        )
        var swiftPM: [Double] = []
        for (chapter, step) in chosen {
            swiftPM.append(try timeSwiftPM(step, of: chapter, in: base.appendingPathComponent("swiftpm")))
            print(String(format: "  %@  %.1f s", step.id, swiftPM[swiftPM.count - 1]))
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
                    swiftPMSeconds: swiftPM[index], sameOutcome: outcome.summary == walk[index].1.summary))
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

    /// SwiftPM's own build and test of the step's files, in a warm package of the chapter's under
    /// `base`: the seconds both took, whatever the tests showed.
    func timeSwiftPM(_ step: Step, of chapter: Chapter, in base: URL) throws(StageKitError) -> Double {
        let folder = base.appendingPathComponent(chapter.folderName)
        try PackageWriter.sync(
            StepPackage.files(for: chapter, tree: workbook.tree(after: step, in: chapter)), into: folder)
        let started = Date()
        // As the walk does: Swift Testing alone, and no tests after a build that failed (a red's).
        for arguments in [["build", "--build-tests"], ["test", "--skip-build", "--disable-xctest"]] {
            do {
                let result = try ChildProcess(
                    swift, arguments + ["--package-path", folder.path], timeLimit: .seconds(900)
                ).run()
                if arguments[0] == "build" && !result.succeeded { break }
            } catch {
                throw .missingFile(path: swift.path, why: "it could not be started (\(error.reason))")
            }
        }
        return Date().timeIntervalSince(started)
    }

    package static func table(_ rows: [Row]) -> String {
        var lines = ["", "step    walk s   naive s  swiftpm s   same outcome"]
        for row in rows {
            lines.append(
                String(
                    format: "%@%8.1f  %8.1f  %9.1f   %@",
                    row.stepID.padding(toLength: 6, withPad: " ", startingAt: 0),
                    row.walkSeconds, row.naiveSeconds, row.swiftPMSeconds, row.sameOutcome ? "yes" : "NO"))
        }
        let walk = rows.map(\.walkSeconds)
        let naive = rows.map(\.naiveSeconds)
        let swiftPM = rows.map(\.swiftPMSeconds)
        let totals = [walk, naive, swiftPM].map { $0.reduce(0, +) }
        let medians = [walk, naive, swiftPM].map(Walk.median)
        lines.append(String(format: "median%8.1f  %8.1f  %9.1f", medians[0], medians[1], medians[2]))
        lines.append(String(format: "total %8.1f  %8.1f  %9.1f", totals[0], totals[1], totals[2]))
        func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : 0 }
        lines.append(
            String(
                format: "ratio (naive / walk): %.1fx by the median step, %.1fx in total",
                ratio(medians[1], medians[0]), ratio(totals[1], totals[0])))
        lines.append(
            String(
                format: "ratio (walk / SwiftPM's own): %.2fx by the median step, %.2fx in total",
                ratio(medians[0], medians[2]), ratio(totals[0], totals[2])))
        return lines.joined(separator: "\n")
    }
}
