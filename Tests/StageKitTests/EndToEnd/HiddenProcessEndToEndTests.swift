import ChildProcesses
import ExecutableTesting
import Foundation
import Testing

@testable import StepRunning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 47's adversary: a learner's test started a process that hid from everything the check ends,
/// in a session of its own, with an empty environment and its signals blocked, and it outlived the
/// check. On Linux the built tools adopt what their children leave behind and end it (Orphans); a Mac
/// cannot (Chapters/PORTABILITY.md).
@Suite(
    "A hidden process, end to end", .serialized, .tags(.toolchain),
    .enabled(if: workbookExecutable != nil && swiftCommand != nil, "needs the built tools and swift"),
    .offThePool)
struct HiddenProcessEndToEndTests {
    let workspace = TemporaryFolder.uniqueName("learner-")
    var options: [String] { ["--root", repositoryRoot.path, "--workspace", workspace.path] }

    func workbook(_ arguments: String...) throws -> (termination: ChildProcess.Termination, output: String) {
        try BuiltExecutable.run(
            try #require(workbookExecutable), arguments + options, timeLimit: .seconds(300))
    }

    /// A test that starts, through Foundation's `Process` with no environment, a shell that leaves
    /// `setsid` running a shell in a new session, whose signals are ignored, and whose child sleeps:
    /// both carry `marker` on their command line, and the first writes `ran` when it starts.
    static func hidingTest(marker: String, ran: URL) -> String {
        let script = "trap '' INT TERM HUP; : > \(ran.path); sleep 300 & wait"
        return """
            import Foundation
            import Testing

            @Test func leavesAProcessBehind() throws {
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", #"setsid sh -c "\(script)" \(marker) &"#]
                shell.environment = [:]
                try shell.run()
                shell.waitUntilExit()
                while !FileManager.default.fileExists(atPath: "\(ran.path)") { usleep(10_000) }
            }

            """
    }

    @Test(
        "What a learner's test hides in a session of its own, with no environment and its signals blocked, ends with the check",
        .enabled(if: Orphans.canAdopt, "only Linux lets a process adopt the orphans below it"),
        .timeLimit(.minutes(5)))
    func hiddenProcessEndsWithTheCheck() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        let marker = "hidden-\(UUID().uuidString.prefix(8))"
        let ran = workspace.appendingPathComponent(".build/\(marker)-ran")
        _ = try workbook("goto", "1.7", "--yes")
        try PackageWriter.write(
            Data(Self.hidingTest(marker: marker, ran: ran).utf8),
            to: workspace.appendingPathComponent("Tests/Chapter01SkeletonResourceTests/Hides.swift"))

        let check = try workbook("check")
        let leftovers = try processes(containing: marker)
        // Each leads a session and a group of its own, its sleep in it.
        for line in leftovers {
            if let pid = line.split(separator: " ").first.flatMap({ pid_t($0) }) { kill(-pid, SIGKILL) }
        }

        #expect(
            FileManager.default.fileExists(atPath: ran.path), "the hiding test never ran: \(check.output)")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
