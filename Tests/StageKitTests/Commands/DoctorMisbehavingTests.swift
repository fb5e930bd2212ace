import ChildProcesses
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

/// `workbook doctor` on a machine that misbehaves: a toolchain that never answers or answers garbled
/// text, and a workspace that is a link to a drive not there. No test here waits on the clock: a
/// toolchain's silence is scripted as the timeout its runner reports.
@Suite("workbook doctor, with a toolchain and a machine that misbehave")
struct DoctorMisbehavingTests {
    func makeSUT(probe: [Outcome] = [DoctorOutcome.missingName, DoctorOutcome.failedTest]) throws
        -> LearnerHarness
    {
        let harness = try LearnerHarness()
        try harness.pretendToolsAreBuilt()
        for outcome in probe { harness.runner.answer(outcome) }
        return harness
    }

    func line(_ harness: LearnerHarness, _ check: String) -> String? {
        harness.printed.first { $0.dropFirst(2).hasPrefix(check) }
    }

    @Test("The small package is built within 120 s and tested within 60 s; a build past that did not answer")
    func aBuildThatDoesNotAnswerIsSaid() throws {
        let harness = try makeSUT(probe: [.timedOut(what: "the build", seconds: 120, unfinished: [])])
        defer { harness.fixture.delete() }

        #expect(harness.run("doctor") == 1)

        #expect(
            harness.runnerLimits.allSatisfy { $0 == RunLimits(build: 120, tests: 60) },
            "\(harness.runnerLimits)")
        #expect(harness.runner.checks.count == 1, "a build that did not answer is not asked again")
        #expect(
            line(harness, "The check:")?.hasPrefix(
                "❌ The check: the build of a small package did not answer in 120 s:") == true,
            "\(harness.printed)")
    }

    @Test("Tests of the small package that run past their limit did not answer, in so many seconds")
    func testsThatDoNotAnswerAreSaid() throws {
        let harness = try makeSUT(probe: [
            DoctorOutcome.missingName,
            .timedOut(what: "the tests", seconds: 60, unfinished: ["failsOnPurpose()"]),
        ])
        defer { harness.fixture.delete() }

        #expect(harness.run("doctor") == 1)

        #expect(
            line(harness, "The check:")?.hasPrefix(
                "❌ The check: the tests of a small package did not answer in 60 s:") == true,
            "\(harness.printed)")
    }

    @Test("A 'swift --version' that does not answer is said so, not as a version it does not name")
    func aVersionThatDoesNotAnswerIsSaid() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        harness.swiftFails = .noAnswer(command: "/usr/bin/swift --version", seconds: 10)

        #expect(harness.run("doctor") == 1)

        let swift = try #require(line(harness, "Swift:"))
        #expect(
            swift.hasPrefix("❌ Swift: '/usr/bin/swift --version' did not answer in 10 s: install Xcode 26"))
        #expect(harness.runner.checks.isEmpty)
    }

    @Test(
        "What a toolchain prints is shown without its control characters: no escape reaches the terminal",
        arguments: [
            "Swift version 6.3.1 \u{1B}[2J\u{1B}]0;owned\u{07}(x)\nTarget: x86_64",
            "garbled \u{1B}[31m\u{0D}\u{9B}31m\u{202E} version",
        ])
    func garbledVersionsAreMadePrintable(says: String) throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        harness.swiftSays = says

        harness.run("doctor")

        let swift = try #require(line(harness, "Swift:"))
        #expect(!swift.unicodeScalars.contains(where: PlainText.isHidden), "\(swift.debugDescription)")
    }

    @Test("A workspace that is a link to a folder not there (a drive not mounted) is said, and left as it is")
    func aDanglingLinkIsReportedNotDeleted() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        let link = harness.fixture.url("Drive")
        let gone = harness.fixture.url("unmounted/Workspace")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: gone.path)

        #expect(harness.run("doctor", "--workspace", link.path) == 1)

        let kept = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(kept == gone.path, "the link is still there, as it was")
        #expect(!FileManager.default.fileExists(atPath: gone.path), "nothing is made where it points")
        #expect(
            line(harness, "Your workspace:")
                == "❌ Your workspace: \(link.path) is a link to \(gone.path), which is not there (a drive not"
                + " connected?): connect it, or name another folder with --workspace DIR.")
    }

    @Test("A workspace below a link to a folder not there is said too, and nothing is made or removed")
    func aWorkspaceBelowADanglingLinkIsReported() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        let link = harness.fixture.url("Drive")
        let gone = harness.fixture.url("unmounted")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: gone.path)
        let workspace = link.appendingPathComponent("Work/Workspace")

        #expect(harness.run("doctor", "--workspace", workspace.path) == 1)

        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == gone.path)
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(
            line(harness, "Your workspace:")?.hasPrefix(
                "❌ Your workspace: \(link.path) is a link to \(gone.path)")
                == true, "\(harness.printed)")
    }
}
