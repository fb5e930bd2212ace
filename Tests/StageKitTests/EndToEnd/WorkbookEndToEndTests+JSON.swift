import ChildProcesses
import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

extension WorkbookEndToEndTests {
    @Test(
        "check --json on step 1.1, built and tested: not met before the test is written, met after, each report read",
        .timeLimit(.minutes(5)))
    func checkPrintsItsReport() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        let step = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1)?.step(1))

        _ = try workbook("start", "1")
        let before = try workbook("check", "--json")
        for (path, data) in step.changes.files {
            try PackageWriter.write(data, to: workspace.appendingPathComponent(path))
        }
        let after = try workbook("check", "--json")

        #expect(before.termination == .exited(1), "\(before.output)")
        let missed = try #require(LearnerReplay.checkReport(in: before.output), "\(before.output)")
        #expect(missed.verdict == .notMet)
        #expect(missed.step == "1.1")
        #expect(missed.shown != nil)
        #expect(missed.progress.lastMiss != nil)
        #expect(after.termination == .exited(0), "\(after.output)")
        let met = try #require(LearnerReplay.checkReport(in: after.output), "\(after.output)")
        #expect(met.metAsTheStepSays)
        #expect(met.kind == "red")
        #expect(met.progress.met == ["1.1"])
        #expect(after.output.contains("Red, for the right reason"), "what check says in words, on stderr")
    }
}
