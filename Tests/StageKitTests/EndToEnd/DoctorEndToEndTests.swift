import ChildProcesses
import Foundation
import Testing

/// `workbook doctor` as a learner runs it, the built tool on this machine's toolchain.
@Suite(
    "workbook doctor end to end", .tags(.toolchain),
    .enabled(if: workbookExecutable != nil && swiftCommand != nil, "needs the built tools and swift"),
    .offThePool)
struct DoctorEndToEndTests {
    /// A folder of the test's own, the workspace the doctor is told of in it, and a TMPDIR in it for
    /// the doctor's small package, in the environment the doctor runs with.
    static func folders() throws -> (
        temporary: URL, workspace: URL, tmpdir: URL, environment: [String: String]
    ) {
        let temporary = TemporaryFolder.uniqueName("doctor-")
        let tmpdir = temporary.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmpdir, withIntermediateDirectories: true)
        var environment = environmentOfThisBuild()
        environment["TMPDIR"] = tmpdir.path
        return (temporary, temporary.appendingPathComponent("Workspace"), tmpdir, environment)
    }

    @Test(
        "On this machine every check passes, and the small package is gone from TMPDIR after",
        .timeLimit(.minutes(5)))
    func thisMachineIsReady() throws {
        let (temporary, workspace, tmpdir, environment) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: temporary) }

        let result = try ChildProcess(
            try #require(workbookExecutable),
            ["doctor", "--root", repositoryRoot.path, "--workspace", workspace.path],
            environment: environment, timeLimit: .seconds(240)
        ).run()

        #expect(result.termination == .exited(0), "\(result.output)")
        let marks = result.output.split(separator: "\n").compactMap(\.first).filter { "✅❌➖".contains($0) }
        #expect(marks == ["✅", "✅", "✅", "✅", "✅", "➖"], "\(result.output)")
        // SwiftPM leaves lock files named for the folders it built in; the package itself is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: tmpdir.path)
        #expect(!left.contains { $0.hasPrefix("workbook-doctor-") }, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path))
    }

    @Test(
        "Ctrl-C while the small package builds leaves nothing of it in TMPDIR, once what it started ended",
        .timeLimit(.minutes(5)))
    func anInterruptedDoctorLeavesNoFolder() throws {
        let (temporary, workspace, tmpdir, environment) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: temporary) }

        let (leftovers, output) = try interrupt(
            try #require(workbookExecutable),
            ["doctor", "--root", repositoryRoot.path, "--workspace", workspace.path],
            environment: environment, whenRunning: temporary.lastPathComponent,
            where: { $0.contains("workbook-doctor-") && $0.contains("--package-path") })

        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(output.hasSuffix("workbook: stopped, with everything it had started.\n"), "\(output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: tmpdir.path)
        #expect(!left.contains { $0.hasPrefix("workbook-doctor-") }, "\(left)")
    }
}
