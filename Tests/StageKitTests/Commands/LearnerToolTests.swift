import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

@Suite("LearnerTool", .offThePool)
struct LearnerToolTests {
    @Test("status shows a progress bar, the step now and the next one")
    func statusShowsProgress() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.printed = []

        harness.run("status")

        #expect(
            harness.printed == [
                "Chapter 1, Demo", "[░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 0 of 2 steps done",
                "Now: 1.1 🔴 Ask for a greeting. It does not compile, with errors in your tests that name 'Greeter'"
                    + " (Swift 6.3 says: 'cannot find 'Greeter' in scope').",
                "Then: 1.2 🟢 Greet.",
            ])
    }

    @Test("hint shows one more hint each time, and remembers it")
    func hintShowsOneMoreEachTime() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.printed = []

        harness.run("hint")

        #expect(harness.printed.first == "Hint 1 of 1: Read the error first.")
        #expect(try harness.progress()?.hintsShown == ["1.1": 1])
    }

    @Test("solution waits for a met goal, unless forced")
    func solutionWaitsForAMetGoal() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.printed = []

        let waiting = harness.run("solution")
        let forced = harness.run("solution", "--force")

        #expect(waiting == 1)
        #expect(forced == 0)
        #expect(harness.printed.contains("// \(WorkbookFixture.testPath)"))
    }

    @Test("reset asks first: no leaves everything, yes keeps a copy and starts the step again")
    func resetAsksAndKeepsABackup() throws {
        let harness = try LearnerHarness(answers: ["n", "y"])
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")

        let declined = harness.run("reset")
        let kept = try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
        let accepted = harness.run("reset")

        #expect(declined == 1)
        #expect(kept == "my attempt")
        #expect(accepted == 0)
        #expect(
            try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
                == "// Greeter will live here.\n")
        #expect(
            harness.printed.contains {
                $0.hasPrefix("A copy of your work is in \(harness.fixture.root.path)/Workspace.backup-")
            })
    }

    @Test("backups lists the copies with their step, and restore brings one back, keeping what it replaces")
    func backupsAndRestore() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")
        harness.run("goto", "1.2", "--yes")
        harness.printed = []

        harness.run("backups")
        let listed = harness.printed
        let restored = harness.run("restore", "--yes")

        #expect(listed.first?.hasPrefix("Workspace.backup-20270115-080000") == true)
        #expect(listed.first?.hasSuffix("step 1.1") == true)
        #expect(restored == 0)
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)") == "my attempt")
        #expect(try harness.progress()?.stepID == "1.1")
        #expect(harness.printed.contains { $0.hasPrefix("A copy of what was there is in ") })
    }

    @Test("goto brings the workspace to any step, as the package before it")
    func gotoBringsTheWorkspaceToAStep() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        let status = harness.run("goto", "1.2", "--yes")

        #expect(status == 0)
        #expect(try harness.progress()?.stepID == "1.2")
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
    }

    @Test("diff shows the workbook's change for the step")
    func diffShowsTheStepsChange() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.printed = []

        harness.run("diff")

        let shown = harness.printed.joined(separator: "\n")
        #expect(shown.contains("--- a/\(WorkbookFixture.sourcePath)"))
        #expect(shown.contains("-// Greeter will live here."))
        #expect(shown.contains("+public struct Greeter {"))
    }
}
