import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

/// `workbook start`: what it writes, what it keeps of the learner's work, and what it asks first.
@Suite("workbook start", .offThePool)
struct StartCommandTests {
    @Test("start writes the chapter's start and the progress, and says what to do")
    func startWritesTheStartAndProgress() throws {
        let harness = try LearnerHarness()
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
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        harness.run("start", "1", "--guided")

        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
        #expect(try harness.progress()?.guided == true)
    }

    @Test("start refuses a workspace that holds work, and with --force keeps a copy without build products")
    func startKeepsTheLearnersWork() throws {
        let harness = try LearnerHarness()
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
        let harness = try LearnerHarness()
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
        let harness = try LearnerHarness()
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
        let harness = try LearnerHarness()
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

    @Test(
        "start after the last step of a chapter begins the next, keeping a copy, without a question or --force"
    )
    func startAfterAFinishedChapter() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        try harness.fixture.addContinuingChapter(steps: 1)
        harness.run("goto", "1.2", "--yes")
        harness.runner.answer(FixtureOutcome.green)
        harness.run("next")

        let status = harness.run("start", "2")

        #expect(
            harness.printed.contains {
                $0.contains("'workbook start 2' (a copy of this chapter's work is kept)")
            })
        #expect(status == 0)
        #expect(try harness.progress()?.stepID == "2.1")
        #expect(!harness.printed.contains { $0.contains("Go on? [y/N]") })
        harness.printed = []
        harness.run("backups")
        #expect(harness.printed.first?.hasSuffix("chapter 1, done") == true, "not 'step 1.3', which is none")
    }
}
