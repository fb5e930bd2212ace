import ChildProcesses
import Dispatch
import ExecutableTesting
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("End to end", .serialized, .tags(.toolchain), .offThePool)
struct EndToEndTests {
    @Test(
        "A chapter 1 red made to pass is caught by the real walk, which names that step",
        .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build a step"),
        .timeLimit(.minutes(10)))
    func realWalkCatchesARedThatPasses() throws {
        let swift = try #require(swiftCommand)
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        // Step 1.5 adds App; also calling the completion there makes its red pass.
        let completing = try String(
            contentsOf: copy.appendingPathComponent(
                "Chapters/01-skeleton-resource/stages/06-call-the-completion/Sources/Chapter01SkeletonResource/AppStoreRessource.swift"
            ),
            encoding: .utf8)
        try Data(completing.utf8).write(
            to: copy.appendingPathComponent(
                "Chapters/01-skeleton-resource/stages/05-create-app/Sources/Chapter01SkeletonResource/AppStoreRessource.swift"
            ))
        let workbook = try WorkbookLoader.load(root: copy)
        var printed: [String] = []
        let walk = Walk(
            workbook: workbook,
            runner: SwiftPMStepRunner(swift: swift, scratch: copy.appendingPathComponent(".build-stages")),
            print: { printed.append($0) })

        let report = try walk.run(WalkSelection(step: "1.5"))

        #expect(!report.passed)
        #expect(report.mismatched.map(\.step.id) == ["1.5"])
        #expect(report.steps.first?.outcome.summary == "all pass (2)")
        #expect(printed.contains("         already green: all 2 tests pass, but a red step must fail"))
        #expect(
            printed.contains {
                $0.hasPrefix(
                    "chain  1.6: it writes Sources/Chapter01SkeletonResource/AppStoreRessource.swift unchanged"
                )
            })
        #expect(
            printed.last?.hasPrefix("walk FAILED: step(s) 1.5 (red) did not show what they must") == true)
    }

    @Test(
        "The real runner classifies chapter 1's compile red by its diagnostics",
        .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build a step"),
        .timeLimit(.minutes(10)))
    func realRunnerReadsCompileErrors() throws {
        let swift = try #require(swiftCommand)
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        let workbook = try WorkbookLoader.load(root: copy)
        let (chapter, step) = try workbook.step(named: "1.4")
        let runner = SwiftPMStepRunner(swift: swift, scratch: copy.appendingPathComponent(".build-stages"))

        let outcome = try runner.run(
            StepPackage.files(for: chapter, tree: workbook.tree(after: step, in: chapter)), of: chapter,
            stepID: step.id)

        guard case .compileError(let errors) = outcome else {
            Issue.record("expected a compile error, got \(outcome.summary)")
            return
        }
        #expect(
            errors.map(\.description) == [
                "AppStoreRessource.swift:9:42: error: cannot find type 'App' in scope"
            ])
    }

    @Test("A package whose tests are all gone runs no earlier build's test binary: no test ran")
    func staleTestBinaryIsNeverRun() throws {
        let swift = try #require(swiftCommand)
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        let workbook = try WorkbookLoader.load(root: copy)
        let (chapter, step) = try workbook.step(named: "1.2")
        let runner = SwiftPMStepRunner(swift: swift, scratch: copy.appendingPathComponent(".build-stages"))
        var tree = workbook.tree(after: step, in: chapter)
        let first = try runner.run(StepPackage.files(for: chapter, tree: tree), of: chapter, stepID: "1.2")
        guard case .tested(let passing, _) = first, !passing.tests.isEmpty else {
            Issue.record("expected step 1.2's test to run, got \(first.summary)")
            return
        }

        for path in tree.paths where path.hasPrefix("Tests/") { tree.files[path] = nil }
        let second = try runner.run(StepPackage.files(for: chapter, tree: tree), of: chapter, stepID: "1.2")

        #expect(second == .tested(TestRun(tests: [], finished: true), warnings: []))
    }

    @Test(
        "The stages executable answers a wrong command line with one sentence and exit status 2",
        .enabled(
            if: stagesExecutable != nil,
            "needs the stages executable, which swift build makes beside the tests"))
    func executableRejectsWrongCommandLines() throws {
        let executable = try #require(stagesExecutable)

        let unknownChapter = try BuiltExecutable.run(
            executable, ["walk", "--chapter", "99", "--root", repositoryRoot.path])
        let noStage = try BuiltExecutable.run(executable, ["checkout", "--root", repositoryRoot.path])
        let help = try BuiltExecutable.run(executable, ["help"])

        #expect(unknownChapter.termination == .exited(2))
        #expect(
            unknownChapter.output
                == "stages: there is no chapter '99': run 'Scripts/stages list' to see the chapters.\n")
        #expect(noStage.termination == .exited(2))
        #expect(noStage.output.hasPrefix("stages: 'checkout' needs a step to check out, like 1.3"))
        #expect(help.termination == .exited(0))
        #expect(help.output.contains("stages walk [--chapter C]"))
    }

    @Test(
        "The stages executable refuses to check out over a learner's work, then keeps a backup with --force",
        .enabled(
            if: stagesExecutable != nil,
            "needs the stages executable, which swift build makes beside the tests"))
    func executableKeepsTheLearnersWork() throws {
        let executable = try #require(stagesExecutable)
        let workspace = TemporaryFolder.uniqueName("ws-")
        defer { try? FileManager.default.removeItem(at: workspace) }
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data("my work".utf8).write(to: workspace.appendingPathComponent("Mine.swift"))
        let arguments = ["checkout", "1.3", "--root", repositoryRoot.path, "--into", workspace.path]

        let refused = try BuiltExecutable.run(executable, arguments)
        let forced = try BuiltExecutable.run(executable, arguments + ["--force"])

        #expect(refused.termination == .exited(2))
        #expect(refused.output.contains("is not empty: pass --force to replace it (a backup copy is kept)."))
        #expect(forced.termination == .exited(0))
        let backupLine = try #require(forced.output.split(separator: "\n").first)
        let backupPath = try #require(backupLine.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(try String(contentsOfFile: backupPath + "/Mine.swift", encoding: .utf8) == "my work")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("STAGE.md").path))
        try? FileManager.default.removeItem(atPath: backupPath)
    }
}
