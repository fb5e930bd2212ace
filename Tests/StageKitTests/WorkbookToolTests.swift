import Foundation
import Testing

@testable import StageKit

@Suite("WorkbookTool")
struct WorkbookToolTests {
    /// The tool on the fixture workbook, with its workspace inside it; `answers` are typed at prompts.
    final class Harness {
        let fixture: WorkbookFixture
        var printed: [String] = []
        var errors: [String] = []
        var answers: [String]

        init(answers: [String] = []) throws {
            fixture = try WorkbookFixture()
            self.answers = answers
        }

        var workspace: URL { fixture.url("Workspace") }

        func run(_ arguments: String...) -> Int32 {
            let tool = WorkbookTool(
                root: fixture.root, workspace: workspace, environment: ["PATH": "/nonexistent"],
                print: { self.printed.append($0) }, printError: { self.errors.append($0) },
                readLine: { self.answers.isEmpty ? nil : self.answers.removeFirst() })
            return tool.run(arguments)
        }

        func progress() throws -> LearnerProgress? {
            try LearnerProgress.read(in: workspace)
        }
    }

    @Test("start writes the chapter's start and the progress, and says what to do")
    func startWritesTheStartAndProgress() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }

        let status = harness.run("start", "1")

        #expect(status == 0)
        #expect(try harness.progress() == LearnerProgress(chapter: 1, stage: 1, guided: false))
        #expect(
            try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
                == "// Greeter will live here.\n")
        #expect(harness.printed.contains("Step 1.1 🔴 Ask for a greeting"))
        #expect(!harness.printed.contains { $0.contains("is kept in") }, "a new workspace needs no backup")
        #expect(
            harness.printed.contains {
                $0.hasPrefix("Goal: It does not compile, with: 'cannot find 'Greeter' in scope'")
            })
    }

    @Test("start --guided brings in the first red step's tests")
    func guidedStartBringsInTheTests() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }

        _ = harness.run("start", "1", "--guided")

        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
        #expect(try harness.progress()?.guided == true)
    }

    @Test("start refuses a workspace that holds work, and with --force keeps it in a backup")
    func startKeepsTheLearnersWork() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        try harness.fixture.write("Workspace/Mine.swift", "my work")

        let refused = harness.run("start", "1")
        let forced = harness.run("start", "1", "--force")

        #expect(refused == 2)
        #expect(
            harness.errors.first?.hasSuffix(
                "is not empty: pass --force to replace it (a backup copy is kept).") == true)
        #expect(forced == 0)
        let backups = try FileManager.default.contentsOfDirectory(atPath: harness.fixture.root.path)
            .filter { $0.hasPrefix("Workspace.backup-") }
        #expect(backups.count == 1)
        #expect(try harness.fixture.read("\(backups.first ?? "")/Mine.swift") == "my work")
    }

    @Test("status shows a progress bar, the step now and the next one")
    func statusShowsProgress() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        harness.printed = []

        _ = harness.run("status")

        #expect(
            harness.printed == [
                "Chapter 1, Demo", "[░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 0/2 steps",
                "Now: 1.1 🔴 Ask for a greeting. It does not compile, with: 'cannot find 'Greeter' in scope'.",
                "Then: 1.2 🟢 Greet.",
            ])
    }

    @Test("hint shows one more hint each time, and remembers it")
    func hintShowsOneMoreEachTime() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        harness.printed = []

        _ = harness.run("hint")

        #expect(harness.printed.first == "Hint 1 of 1: Read the error first.")
        #expect(try harness.progress()?.hintsShown == ["1.1": 1])
    }

    @Test("solution waits for a met goal, unless forced")
    func solutionWaitsForAMetGoal() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        harness.printed = []

        let waiting = harness.run("solution")
        let forced = harness.run("solution", "--force")

        #expect(waiting == 1)
        #expect(forced == 0)
        #expect(harness.printed.contains("// \(WorkbookFixture.testPath)"))
    }

    @Test("reset asks first: no leaves everything, yes keeps a backup and starts the step again")
    func resetAsksAndKeepsABackup() throws {
        let harness = try Harness(answers: ["n", "y"])
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        try harness.fixture.write("Workspace/\(WorkbookFixture.sourcePath)", "my attempt")

        let declined = harness.run("reset")
        let kept = try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
        let accepted = harness.run("reset")

        #expect(declined == 1)
        #expect(kept == "my attempt")
        #expect(accepted == 0)
        #expect(
            try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
                == "// Greeter will live here.\n")
        #expect(harness.printed.contains { $0.hasPrefix("What \(harness.workspace.path) held is kept in ") })
    }

    @Test("goto brings the workspace to any step, as the package before it")
    func gotoBringsTheWorkspaceToAStep() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }

        let status = harness.run("goto", "1.2", "--yes")

        #expect(status == 0)
        #expect(try harness.progress()?.stageID == "1.2")
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
    }

    @Test("diff shows the workbook's change for the step")
    func diffShowsTheStepsChange() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("goto", "1.2", "--yes")
        harness.printed = []

        _ = harness.run("diff")

        let shown = harness.printed.joined(separator: "\n")
        #expect(shown.contains("--- a/\(WorkbookFixture.sourcePath)"))
        #expect(shown.contains("- // Greeter will live here."))
        #expect(shown.contains("+ public struct Greeter {"))
    }

    @Test(
        "Bad input is one sentence and exit status 2",
        arguments: [
            (["status"], "has no workbook in it yet: start one with 'workbook start 1'"),
            (["start", "9"], "there is no chapter '9'"),
            (["goto", "1.7", "--yes"], "there is no stage '1.7'"),
            (["frobnicate"], "has no workbook in it yet"),
        ])
    func badInputIsOneSentence(arguments: [String], fragment: String) throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        let tool = WorkbookTool(
            root: harness.fixture.root, workspace: harness.workspace, environment: [:], print: { _ in },
            printError: { harness.errors.append($0) }, readLine: { nil })

        #expect(tool.run(arguments) == 2)
        #expect(harness.errors.count == 1)
        #expect(harness.errors.first?.contains(fragment) == true)
    }

    @Test("A damaged progress file is one sentence, and nothing is touched")
    func damagedProgressIsOneSentence() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        try harness.fixture.write("Workspace/.workbook/progress.json", "{not json")

        #expect(harness.run("status") == 2)
        #expect(harness.errors.last?.contains("the progress file is damaged") == true)
        #expect(try harness.fixture.read("Workspace/.workbook/progress.json") == "{not json")
    }

    @Test("A second workbook in the same workspace is refused while the first runs")
    func secondWorkbookIsRefused() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        // Process 1 is always alive: the lock looks held by another running workbook.
        try harness.fixture.write("Workspace/.workbook/lock", "1\n")

        #expect(harness.run("hint") == 2)
        #expect(harness.errors.last?.contains("another workbook (process 1) is working in") == true)
    }

    @Test("A lock left by a workbook that is gone is taken over")
    func staleLockIsTakenOver() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")
        try harness.fixture.write("Workspace/.workbook/lock", "999999999\n")

        #expect(harness.run("hint") == 0)
        #expect(!FileManager.default.fileExists(atPath: harness.fixture.url("Workspace/.workbook/lock").path))
    }

    @Test("check without swift on PATH is one sentence")
    func checkWithoutSwiftIsOneSentence() throws {
        let harness = try Harness()
        defer { harness.fixture.delete() }
        _ = harness.run("start", "1")

        #expect(harness.run("check") == 2)
        #expect(
            harness.errors.last
                == "workbook: cannot find the 'swift' command on PATH: install a Swift 6 toolchain (swift.org/install)."
        )
    }
}
