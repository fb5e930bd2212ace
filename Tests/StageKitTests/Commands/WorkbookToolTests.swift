import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

@Suite("WorkbookTool")
struct WorkbookToolTests {
    @Test("start writes the chapter's start and the progress, and says what to do")
    func startWritesTheStartAndProgress() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }

        let status = harness.run("start", "1")

        #expect(status == 0)
        #expect(try harness.progress() == LearnerProgress(chapter: 1, step: 1, guided: false))
        #expect(
            try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
                == "// Greeter will live here.\n")
        #expect(harness.printed.contains("Step 1.1 🔴 Ask for a greeting"))
        #expect(
            !harness.printed.contains { $0.contains("A copy of your work") },
            "a new workspace needs no backup")
        #expect(
            harness.printed.contains {
                $0
                    == "Goal: It does not compile, with errors in your tests that name 'Greeter' (Swift 6.3 says:"
                    + " 'cannot find 'Greeter' in scope')."
            })
        #expect(try harness.fixture.read("Workspace/Package.swift").contains("name: \"WorkbookChecks\""))
        #expect(harness.warmUps.count == 1, "the package is built in the background while the step is read")
        #expect(harness.warmUps.first?.first == "warm")
    }

    @Test("start --guided brings in the first red step's tests")
    func guidedStartBringsInTheTests() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }

        harness.run("start", "1", "--guided")

        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
        #expect(try harness.progress()?.guided == true)
    }

    @Test("start refuses a workspace that holds work, and with --force keeps a copy without build products")
    func startKeepsTheLearnersWork() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }
        try harness.type("Mine.swift", "my work")
        try harness.type(".build/debug/huge.o", "build product")

        let refused = harness.run("start", "1")
        let forced = harness.run("start", "1", "--force")

        #expect(refused == 2)
        #expect(
            harness.errors.first?.contains("holds work already: 'workbook start' with --force replaces it")
                == true)
        #expect(forced == 0)
        let backups = try FileManager.default.contentsOfDirectory(atPath: harness.fixture.root.path)
            .filter { $0.hasPrefix("Workspace.backup-") }
        #expect(backups.count == 1)
        let backup = try #require(backups.first)
        #expect(try harness.fixture.read("\(backup)/Mine.swift") == "my work")
        #expect(!FileManager.default.fileExists(atPath: harness.fixture.url("\(backup)/.build").path))
        #expect(
            try harness.fixture.read("Workspace/.build/debug/huge.o") == "build product",
            "the build stays warm")
    }

    @Test(
        "What Finder, Xcode and editors leave in a workspace is not work: start needs no --force, and no copy"
    )
    func editorsFilesAreNotWork() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }
        for path in [
            ".DS_Store", ".swiftpm/xcode/package.xcworkspace/contents.xcworkspacedata",
            ".vscode/settings.json",
            "Demo.xcodeproj/xcuserdata/me.xcuserdatad/UserInterfaceState.xcuserstate",
        ] {
            try harness.type(path, "editor state")
        }

        #expect(harness.run("start", "1") == 0, "\(harness.errors)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: harness.fixture.root.path)
            .filter { $0.hasPrefix("Workspace.backup-") }
        #expect(backups.isEmpty)
        #expect(
            try harness.fixture.read(
                "Workspace/Demo.xcodeproj/xcuserdata/me.xcuserdatad/UserInterfaceState.xcuserstate")
                == "editor state", "what an editor keeps is left in place")
    }

    @Test("start on a workspace with a chapter under way says how to carry on, and asks before replacing it")
    func startOnAChapterUnderWay() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")

        let declined = harness.run("start", "1")
        let kept = try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)")
        harness.answers = ["y"]
        let accepted = harness.run("start", "1")

        #expect(declined == 1)
        #expect(kept == "my attempt")
        #expect(
            harness.printed.contains(
                "You are on step 1.1 of chapter 1: 'workbook next' carries on from there."))
        #expect(accepted == 0)
        #expect(harness.printed.contains { $0.hasPrefix("A copy of your work is in ") })
    }

    @Test("a kept file of guided mode is work: start keeps a copy of it before replacing anything")
    func keptFilesAreBackedUp() throws {
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }
        try harness.type(".workbook/kept/1.1/\(WorkbookFixture.testPath)", "my edited test")

        #expect(harness.run("start", "1") == 2)
        #expect(harness.run("start", "1", "--force") == 0)
        let backup = try #require(
            try FileManager.default.contentsOfDirectory(atPath: harness.fixture.root.path)
                .first { $0.hasPrefix("Workspace.backup-") })
        #expect(
            try harness.fixture.read("\(backup)/.workbook/kept/1.1/\(WorkbookFixture.testPath)")
                == "my edited test")
    }

    @Test("status shows a progress bar, the step now and the next one")
    func statusShowsProgress() throws {
        let harness = try WorkbookHarness()
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
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.printed = []

        harness.run("hint")

        #expect(harness.printed.first == "Hint 1 of 1: Read the error first.")
        #expect(try harness.progress()?.hintsShown == ["1.1": 1])
    }

    @Test("solution waits for a met goal, unless forced")
    func solutionWaitsForAMetGoal() throws {
        let harness = try WorkbookHarness()
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
        let harness = try WorkbookHarness(answers: ["n", "y"])
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
        let harness = try WorkbookHarness()
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
        let harness = try WorkbookHarness()
        defer { harness.fixture.delete() }

        let status = harness.run("goto", "1.2", "--yes")

        #expect(status == 0)
        #expect(try harness.progress()?.stepID == "1.2")
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
    }

    @Test("diff shows the workbook's change for the step")
    func diffShowsTheStepsChange() throws {
        let harness = try WorkbookHarness()
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
