import Foundation
import Synchronization
import Testing

@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel

@Suite("workbook on bad input, damaged state and a busy workspace", .offThePool)
struct WorkbookStateTests {
    @Test(
        "Bad input is one sentence in the learner's words, and exit status 2",
        arguments: [
            (["status"], "has no workbook in it yet: start one with 'workbook start 1'"),
            (["start", "9"], "there is no chapter '9': 'workbook list' shows the chapters and their steps."),
            (
                ["goto", "1.7", "--yes"],
                "there is no step '1.7': 'workbook list' shows the chapters and their steps."
            ),
            (
                ["frobnicate"],
                "'frobnicate' is not a command of workbook ('workbook help' lists the commands)."
            ),
            (["check", "--fast"], "'--fast' is not an option of 'check'"),
            (["check", "--time-limit", "0"], "--time-limit takes seconds from 1 to 3600, not '0'"),
        ])
    func badInputIsOneSentence(arguments: [String], fragment: String) throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        #expect(
            LearnerTool(currentFolder: harness.fixture.root, effects: harness.effects).run(arguments) == 2)
        #expect(harness.errors.count == 1)
        #expect(harness.errors.first?.contains(fragment) == true, "\(harness.errors)")
        #expect(!harness.errors.joined().contains("stages"), "a learner is never sent to the authors' tool")
    }

    @Test(
        "A damaged or edited progress file is one sentence and exit 2 for every command, never a trap or 'done'",
        arguments: [
            "{not json",
            #"{"chapter": 1, "stage": 99, "guided": false, "hintsShown": {}, "met": []}"#,
            #"{"chapter": 1, "stage": -3, "guided": false, "hintsShown": {}, "met": []}"#,
            #"{"chapter": 1, "stage": 9223372036854775807, "guided": false, "hintsShown": {}, "met": []}"#,
            #"{"chapter": 7, "stage": 1, "guided": false, "hintsShown": {}, "met": []}"#,
            #"{"chapter": 1, "stage": 1, "guided": false, "hintsShown": {"1.1": -5}, "met": []}"#,
            #"{"chapter": 1, "stage": 1, "guided": false, "hintsShown": {"2.1": 1}, "met": []}"#,
            #"{"chapter": 1, "stage": 2, "guided": false, "hintsShown": {}, "met": ["1.9"]}"#,
        ])
    func damagedProgressIsOneSentence(progress: String) throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(".workbook/progress.json", progress)

        for command in ["status", "check", "next", "hint", "diff", "solution", "watch"] {
            #expect(harness.run(command) == 2, "\(command)")
        }
        #expect(harness.errors.allSatisfy { $0.contains("the progress file is damaged") })
        #expect(!harness.printed.contains { $0.contains("done every step") })
        #expect(try harness.fixture.read("Workspace/.workbook/progress.json") == progress)
    }

    @Test("The progress file names the step under its first key, \"stage\", so that older workspaces read")
    func progressKeepsItsKey() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")

        let data = Data(try harness.fixture.read("Workspace/.workbook/progress.json").utf8)
        let fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(fields["stage"] as? Int == 2)
        #expect(fields["step"] == nil)
        harness.printed = []
        #expect(harness.run("status") == 0)
        #expect(harness.printed.contains { $0.contains("1.2") }, "\(harness.printed)")
    }

    @Test("A workbook working in the workspace keeps a second one out, and its lock ends with it")
    func secondWorkbookIsRefused() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")

        let refused = try WorkspaceLock.holding(harness.workspace) { _ throws(StageKitError) in
            harness.run("hint")
        }
        let afterwards = harness.run("hint")

        #expect(refused == 2)
        #expect(
            harness.errors.last?.contains("another workbook command (process \(getpid())) is working in")
                == true)
        #expect(afterwards == 0)
    }

    @Test("A lock file naming a live process that holds no lock (process 1) does not block")
    func lockFileAloneDoesNotBlock() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(".workbook/lock", "1\n")

        #expect(harness.run("hint") == 0)
    }

    @Test("Eight workbooks at once on a stale lock: exactly one works, the others are refused")
    func concurrentChecksTakeTheLockOnce() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(".workbook/lock", "999999999\n")
        let workspace = harness.workspace
        let tally = Tally()
        let refusal = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()

        // Eight threads of their own (a pool of two would run the attempts in turns), and the one that
        // takes the lock holds it until the seven others have been refused, however slowly they start:
        // it waits for their seven signals. The minute is only a guard: should two take the lock, six
        // signals come, and the tally below says so instead of the test hanging.
        for _ in 0..<8 {
            finished.enter()
            Thread {
                let took =
                    (try? WorkspaceLock.holding(workspace) { _ throws(StageKitError) -> Void in
                        for _ in 0..<7 { _ = refusal.wait(timeout: .now() + 60) }
                    }) != nil
                if took {
                    tally.took.add(1, ordering: .releasing)
                } else {
                    tally.refused.add(1, ordering: .releasing)
                    refusal.signal()
                }
                finished.leave()
            }.start()
        }
        finished.wait()

        #expect(tally.took.load(ordering: .acquiring) == 1)
        #expect(tally.refused.load(ordering: .acquiring) == 7)
    }

    /// How many workbooks took the lock, and how many were refused.
    final class Tally: Sendable {
        let took = Atomic(0)
        let refused = Atomic(0)
    }

    @Test("check without swift on PATH is one sentence")
    func checkWithoutSwiftIsOneSentence() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        var effects = harness.effects
        effects.makeRunner = { limits throws(StageKitError) in
            try SwiftPMStepRunner.forWorkspace(limits: limits, environment: ["PATH": "/nonexistent"]) {
                _ in
            }
        }

        #expect(LearnerTool(currentFolder: harness.fixture.root, effects: effects).run(["check"]) == 2)
        #expect(
            harness.errors.last
                == "workbook: cannot find the 'swift' command on PATH: install a Swift 6 toolchain (swift.org/install)."
        )
    }

    @Test("The workbook's folder is found from inside the workspace")
    func worksFromInsideTheWorkspace() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.printed = []

        let status = LearnerTool(
            currentFolder: harness.workspace.appendingPathComponent("Sources"), effects: harness.effects
        )
        .run(["status"])

        #expect(status == 0)
        #expect(harness.printed.first == "Chapter 1, Demo")
    }
}
