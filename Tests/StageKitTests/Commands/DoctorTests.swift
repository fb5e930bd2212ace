import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookCommands

@Suite("workbook doctor, with its toolchain and its small package's runs scripted", .offThePool)
struct DoctorTests {
    /// A learner's workbook whose tools are built, and whose checker reads the probe's two runs as
    /// `workbook check` reads them on a good toolchain, unless a test says otherwise.
    func makeSUT(probe: [Outcome] = [DoctorOutcome.missingName, DoctorOutcome.failedTest]) throws
        -> LearnerHarness
    {
        let harness = try LearnerHarness()
        try harness.pretendToolsAreBuilt()
        harness.runner.answer(probe[0], probe[1])
        return harness
    }

    /// The line of a check, by the words it starts with after its mark.
    func line(_ harness: LearnerHarness, _ check: String) -> String? {
        harness.printed.first { $0.dropFirst(2).hasPrefix(check) }
    }

    @Test("On a ready machine, every check passes, the room is not a check, and nothing is left behind")
    func aReadyMachinePasses() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }

        let status = harness.run("doctor")

        #expect(status == 0, "\(harness.printed)")
        let marks = harness.printed.compactMap(\.first).filter { "✅❌➖".contains($0) }
        #expect(marks == ["✅", "✅", "✅", "✅", "✅", "➖"])
        #expect(line(harness, "Swift:")?.contains("Swift version 6.3.1") == true)
        #expect(harness.printed.last == "Ready for the workshop.")
        #expect(harness.runner.checks.count == 2, "the small package is built twice: a build, a test")
        #expect(!FileManager.default.fileExists(atPath: harness.workspace.path), "the workspace is not made")
    }

    @Test("Swift Testing that cannot be imported (the Command Line Tools alone): ❌, with xcode-select")
    func missingSwiftTestingIsSaid() throws {
        let harness = try makeSUT(probe: [DoctorOutcome.missingName, DoctorOutcome.testingMissing])
        defer { harness.fixture.delete() }

        #expect(harness.run("doctor") == 1)

        let testing = try #require(line(harness, "Swift Testing:"))
        #expect(testing.hasPrefix("❌"))
        #expect(testing.contains("no such module 'Testing'"))
        #expect(testing.contains("'sudo xcode-select -s /Applications/Xcode.app'"))
        #expect(harness.printed.last?.hasPrefix("Not ready: 2 checks fail") == true, "and the check")
    }

    @Test("A toolchain whose runs the check reads wrongly: the check's line says what it read")
    func anUnreadToolchainIsSaid() throws {
        let harness = try makeSUT(probe: [DoctorOutcome.missingName, FixtureOutcome.tests([])])
        defer { harness.fixture.delete() }

        #expect(harness.run("doctor") == 1)

        #expect(line(harness, "Swift Testing:")?.hasPrefix("✅") == true)
        let check = try #require(line(harness, "The check:"))
        #expect(check.hasPrefix("❌"))
        #expect(check.contains("as no tests ran"))
    }

    @Test(
        "A Swift older than 6.2, or none: ❌ with what to install, and no package built",
        arguments: [
            "Apple Swift version 6.1.2 (swiftlang-6.1.2.1.2 clang-1700.0.13.5)", "zsh: command not found",
        ])
    func anOldSwiftIsSaid(says: String) throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        harness.swiftSays = says

        #expect(harness.run("doctor") == 1)

        let swift = try #require(line(harness, "Swift:"))
        #expect(swift.hasPrefix("❌"))
        #expect(swift.contains("install Xcode 26 or later (on a Mac) or a toolchain of Swift 6.2 or later"))
        #expect(harness.runner.checks.isEmpty)
    }

    @Test("A workspace that cannot be written: ❌, with the way to name another")
    func anUnwritableWorkspaceIsSaid() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        let workspace = try unwritableFolder(in: harness.fixture.root).appendingPathComponent("Workspace")

        #expect(harness.run("doctor", "--workspace", workspace.path) == 1)

        let said = try #require(line(harness, "Your workspace:"))
        #expect(said.hasPrefix("❌ Your workspace: \(workspace.path) cannot be written"))
        #expect(said.hasSuffix("name a folder you can write with --workspace DIR."))
        #expect(harness.printed.filter { $0.hasPrefix("❌") }.count == 1)
    }

    @Test("Without the tools in the workbook's .build: ❌, with the command that builds them")
    func unbuiltToolsAreSaid() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        try harness.fixture.remove(".build")

        #expect(harness.run("doctor") == 1)

        #expect(line(harness, "The tools:")?.hasPrefix("❌") == true)
        #expect(line(harness, "The tools:")?.contains("'swift build --product workbook'") == true)
    }

    @Test("The tools where Swift Build puts them: ✅, naming the build system; not where SwiftPM says: ❌")
    func toolsAreLookedForWhereSwiftPMSays() throws {
        let harness = try makeSUT()
        defer { harness.fixture.delete() }
        harness.runner.productsFolder.withLock { $0 = ".build/out/Products/Debug-linux" }

        #expect(harness.run("doctor") == 1, "the tools are in .build/debug, not where SwiftPM says")
        #expect(
            line(harness, "The tools:")?.contains(".build/out/Products/Debug-linux holds no built") == true)

        let again = try makeSUT()
        defer { again.fixture.delete() }
        again.runner.productsFolder.withLock { $0 = ".build/out/Products/Debug-linux" }
        try again.fixture.write(".build/out/Products/Debug-linux/workbook", "#!/bin/sh\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755],
            ofItemAtPath: again.fixture.url(".build/out/Products/Debug-linux/workbook").path)
        #expect(again.run("doctor") == 0, "\(again.printed)")
        #expect(line(again, "The tools:")?.hasPrefix("✅ The tools: built by Swift Build") == true)
    }

    /// A folder this process cannot write in: made read-only; and where that does not hold (root
    /// writes in any folder), one under a file, which no one can make.
    func unwritableFolder(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        let probe = folder.appendingPathComponent("probe")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return folder }
        try FileManager.default.removeItem(at: probe)
        try Data().write(to: root.appendingPathComponent("a-file"))
        return root.appendingPathComponent("a-file")
    }
}

/// The small package's runs, as `workbook check` reads them on a good toolchain, and on one without
/// Swift Testing.
enum DoctorOutcome {
    static let missingName = Outcome.compileError([
        Diagnostic(
            file: "/tmp/workbook-doctor-1/Sources/DoctorProbe/Probe.swift", line: 2, column: 5,
            severity: .error,
            message: "cannot find 'doctorProbeMissingName' in scope")
    ])
    static let failedTest = Outcome.tested(
        TestRun(
            tests: [
                TestResult(
                    id: "DoctorProbeTests.failsOnPurpose()", status: .failed,
                    issues: [TestIssue(message: "Expectation failed: (answer() → 41) == 42")])
            ], finished: true), warnings: [])
    static let testingMissing = Outcome.compileError([
        Diagnostic(
            file: "/tmp/workbook-doctor-1/Tests/DoctorProbeTests/ProbeTests.swift", line: 2, column: 8,
            severity: .error, message: "no such module 'Testing'")
    ])
}
