import ChildProcesses
import ExecutableTesting
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `workbook` and `stages` as a learner and a maintainer meet them, with real builds.
@Suite(
    "workbook end to end", .serialized, .tags(.toolchain),
    .enabled(
        if: workbookExecutable != nil && stagesExecutable != nil && swiftCommand != nil,
        "needs the built tools and swift"), .offThePool)
struct WorkbookEndToEndTests {
    let workspace = TemporaryFolder.uniqueName("learner-")
    var options: [String] { ["--root", repositoryRoot.path, "--workspace", workspace.path] }

    func workbook(_ arguments: String...) throws -> (termination: ChildProcess.Termination, output: String) {
        try BuiltExecutable.run(
            try #require(workbookExecutable), arguments + options, timeLimit: .seconds(300))
    }

    @Test(
        "workbook open becomes the learner's editor: a stand-in editor gets its options and the step's file",
        .timeLimit(.minutes(5)))
    func openStartsTheEditorInItsPlace() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try workbook("start", "1")
        let editor = workspace.appendingPathComponent(".build/stand-in-editor")
        let said = workspace.appendingPathComponent(".build/stand-in-editor-said")
        try PackageWriter.write(
            Data("#!/bin/sh\nfor word in \"$@\"; do echo \"$word\"; done > '\(said.path)'\n".utf8), to: editor
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        var environment = ProcessInfo.processInfo.environment
        environment["VISUAL"] = nil
        environment["EDITOR"] = "\(editor.path) --wait"

        let opened = try ChildProcess(
            try #require(workbookExecutable), ["open"] + options, environment: environment,
            timeLimit: .seconds(60)
        ).run()

        // `start` began a build in the background, and `open` waits for no lock: a command that holds it
        // waits for that build to end, so that nothing writes in the workspace once the test removes it.
        _ = try workbook("status")

        #expect(opened.termination == .exited(0), "\(opened.output)")
        let step = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1)?.step(1))
        let file = try #require(step.changes.paths.first)
        let words = try String(contentsOf: said, encoding: .utf8).split(separator: "\n").map(String.init)
        // On a Mac the temporary folder is reached through a link (/var is /private/var): compare where
        // the paths lead.
        #expect(words.first == "--wait")
        #expect(
            words.dropFirst().map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                == [workspace.appendingPathComponent(file).resolvingSymlinksInPath().path])
    }

    @Test(
        "Step 1.1 as a newcomer meets it: two checks before the test exists, then the test file is seen",
        .timeLimit(.minutes(5)))
    func aTestFileAddedAfterTwoChecksIsSeen() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        let step = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1)?.step(1))

        _ = try workbook("start", "1")
        let first = try workbook("check")
        let second = try workbook("check")
        for (path, data) in step.changes.files {
            try PackageWriter.write(data, to: workspace.appendingPathComponent(path))
        }
        let third = try workbook("check")

        #expect([first.termination, second.termination] == [.exited(1), .exited(1)])
        #expect(third.termination == .exited(0), "\(third.output)")
        #expect(third.output.contains("Red, for the right reason"))
    }

    @Test(
        "watch checks when a file is saved, moves on by itself when the goal is met, and stops on q",
        .timeLimit(.minutes(5)))
    func watchMovesOnAndStopsOnQ() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        let step = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1)?.step(1))
        _ = try workbook("start", "1")
        let keyboard = try Keyboard()
        defer { keyboard.release() }
        var typed = false

        let result = try ChildProcess(
            try #require(workbookExecutable), ["watch"] + options, input: .file(keyboard.path),
            timeLimit: .seconds(240)
        ).run { progress in
            if !typed && progress.output.contains("Stuck? 'workbook hint'.") {
                typed = true
                for (path, data) in step.changes.files {
                    try? PackageWriter.write(data, to: workspace.appendingPathComponent(path))
                }
            }
            if progress.output.contains("on to the next step") { keyboard.press("q") }
        }

        #expect(result.termination == .exited(0))
        #expect(result.output.contains("Red, for the right reason"))
        #expect(result.output.contains("Step 1.1's goal is met: on to the next step."))
        #expect(result.output.contains("Step 1.2 🟢"))
        #expect(result.output.hasSuffix("Stopped watching.\n"))
    }

    @Test(
        "Ctrl-C during a test that spins ends workbook check and every process it started",
        .timeLimit(.minutes(5)))
    func interruptLeavesNothingBehind() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try workbook("goto", "1.6", "--yes")
        try PackageWriter.write(
            Data(Self.spinningTest.utf8),
            to: workspace.appendingPathComponent("Tests/Chapter01SkeletonResourceTests/Spin.swift"))

        let (leftovers, output) = try interrupt(
            try #require(workbookExecutable), ["check"] + options,
            whenRunning: workspace.lastPathComponent)

        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(output.hasSuffix("workbook: stopped, with everything it had started.\n"), "\(output)")
    }

    @Test(
        "Ctrl-C during a walk's spinning test ends the walk and every process it started",
        .timeLimit(.minutes(5)))
    func interruptedWalkLeavesNothingBehind() throws {
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        try PackageWriter.write(
            Data(Self.spinningTest.utf8),
            to: copy.appendingPathComponent(
                "Chapters/01-skeleton-resource/stages/05-create-app/Tests/Chapter01SkeletonResourceTests/Spin.swift"
            ))

        let (leftovers, _) = try interrupt(
            try #require(stagesExecutable), ["walk", "--stage", "1.5", "--root", copy.path],
            whenRunning: copy.lastPathComponent)

        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    static let spinningTest = """
        import Foundation
        import Testing

        @Test func spinsForever() {
            while Date() > .distantPast {}
        }

        """

    @Test(
        "Ctrl-C while the check builds ends workbook check and every process it started, the compiler too",
        .timeLimit(.minutes(5)))
    func interruptedBuildLeavesNothingBehind() throws {
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try workbook("goto", "1.6", "--yes")
        // status waits for the build that began with the step, which holds the workspace's lock: that
        // build is goto's, meant to outlive it, and done once status answers.
        _ = try workbook("status")
        // A clean build, so that the compiler and the linker run when the check starts.
        try? FileManager.default.removeItem(at: workspace.appendingPathComponent(".build"))

        let (leftovers, output) = try interrupt(
            try #require(workbookExecutable), ["check"] + options,
            whenRunning: workspace.lastPathComponent, where: { $0.contains(" -o ") })

        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(output.hasSuffix("workbook: stopped, with everything it had started.\n"), "\(output)")
    }
}

/// Runs the tool (in `environment`, or this process's) until a process whose command line holds
/// `marker` runs, sends SIGINT to the tool's process group as a terminal's Ctrl-C does, and returns
/// what still runs once everything the tool started has ended (or a minute on, if something outlives
/// it), and what it printed.
func interrupt(
    _ tool: URL, _ arguments: [String], environment: [String: String]? = nil, whenRunning marker: String,
    where isTheOne: @escaping (String) -> Bool = isTheTestsProcess
) throws -> (leftovers: [String], output: String) {
    var interrupted = false
    let descendants = try Descendants()
    var child = ChildProcess(tool, arguments, environment: environment, timeLimit: .seconds(240))
    child.handing = (descendants.writing, Descendants.handedAs)
    let result = try child.run { progress in
        guard !interrupted, ((try? processes(containing: marker)) ?? []).contains(where: isTheOne)
        else { return }
        interrupted = true
        kill(-progress.pid, SIGINT)
    }
    #expect(interrupted, "the process to interrupt never ran: \(result.output)")
    #expect(result.termination != .timedOut)
    #expect(descendants.waitForAllToEnd(), "a process the tool started outlived it by a minute")
    return (try processes(containing: marker), result.output)
}

/// Whether a command line is the running tests': the test product, or the helper that loads it on a
/// Mac, and not the compiler or the linker, whose lines also name it, as their output (`-o`).
func isTheTestsProcess(_ line: String) -> Bool {
    line.contains(".xctest") && !line.contains(" -o ")
}

/// The command lines of running processes that contain `marker`.
func processes(containing marker: String) throws -> [String] {
    let listing = try ChildProcess(
        URL(fileURLWithPath: "/bin/ps"), ["-eo", "pid,stat,args"], timeLimit: .seconds(10)
    )
    .run()
    return listing.output.split(separator: "\n").map(String.init).filter { line in
        let columns = line.split(separator: " ")
        let isZombie = columns.count > 1 && columns[1].hasPrefix("Z")
        return line.contains(marker) && !line.contains("ps -eo") && !isZombie
    }
}
