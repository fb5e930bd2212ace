import ExecutableTesting
import Foundation
import Testing

@testable import ChildProcesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ChildProcess")
struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("gives the child its input and returns how it ended and both output streams")
    func runsToTheEnd() throws {
        let result = try ChildProcess(
            shell, ["-c", "read -r line; echo \"got $line\"; echo oops >&2; exit 3"],
            input: .data(Data("hello\n".utf8)), timeLimit: .seconds(10)
        ).run()

        #expect(result == ChildProcess.Result(termination: .exited(3), output: "got hello\noops\n"))
        #expect(!result.succeeded)
    }

    @Test("starts the program itself in the given folder, with no shell between, whatever the folder's name")
    func runsInTheFolder() throws {
        let folder = TemporaryFolder.uniqueName("a folder; with 'quotes' and $(spaces) ")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try ChildProcess(
            URL(fileURLWithPath: "/bin/pwd"), ["-P"], in: folder, timeLimit: .seconds(10)
        )
        .run()

        #expect(result.succeeded)
        let shown = String(result.output.dropLast(result.output.hasSuffix("\n") ? 1 : 0))
        let expected = try #require(canonicalPath(folder.path))
        #expect(canonicalPath(shown) == expected)
    }

    @Test("a child sees SIGTERM even when its parent, a test run, blocks it")
    func signalsAreUnblocked() throws {
        let result = try ChildProcess(
            shell, ["-c", "kill -s TERM $$; sleep 5; echo survived"], timeLimit: .seconds(10)
        ).run()

        #expect(result.termination == .signalled(SIGTERM))
        #expect(!result.output.contains("survived"))
    }

    // Its own limit: a group the time limit failed to stop would end by itself, 300 seconds on.
    @Test(
        "past its time limit the child is stopped with everything it started, and says so",
        .timeLimit(.minutes(1)))
    func timeoutStopsTheWholeGroup() throws {
        let marker = "child-process-test-\(UUID().uuidString)"
        let result = try ChildProcess(
            shell, ["-c", "sh -c 'sleep 300; true' \(marker) & sleep 300"], timeLimit: .milliseconds(500)
        ).run()

        // Timed out, not ended: the limit stopped it, long before its 300 seconds were up.
        #expect(result.termination == .timedOut)
        #expect(try processesNamed(marker).isEmpty)
    }

    @Test("what a child leaves running in its group ends with it")
    func leftoversEndWithTheChild() throws {
        let marker = "child-process-test-\(UUID().uuidString)"
        // The child ends once its own child says, through a named pipe, that it runs: no clock.
        let script = """
            f=$(mktemp -u); mkfifo "$f"
            sh -c 'echo up > "$1"; sleep 300; true' \(marker) "$f" &
            read -r line < "$f"; rm -f "$f"; echo "started: $line"
            """
        let result = try ChildProcess(shell, ["-c", script], timeLimit: .seconds(10)).run()

        #expect(result == ChildProcess.Result(termination: .exited(0), output: "started: up\n"))
        #expect(try processesNamed(marker).isEmpty)
    }

    /// Ways a child's descendant leaves its process group, each as a shell line that starts a
    /// `sleep 300` marked with `marker` and lets the child end at once.
    static let escapes: [(String, String)] = [
        ("setsid", "setsid sh -c 'sleep 300; true' MARKER &"),
        ("a group of its own", "set -m; sh -c 'sleep 300; true' MARKER &"),
        ("a daemon: fork, setsid, and the parent gone", "(setsid sh -c 'sleep 300; true' MARKER &)"),
    ]

    @Test(
        "what a child starts outside its process group ends with it too (Linux: found through /proc)",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/environ"), "it needs /proc"),
        arguments: escapes)
    func escapedDescendantsEndWithTheChild(way: String, line: String) throws {
        let marker = "child-process-test-\(UUID().uuidString)"
        let result = try ChildProcess(
            shell, ["-c", line.replacingOccurrences(of: "MARKER", with: marker) + "\necho started"],
            timeLimit: .seconds(10)
        ).run()

        #expect(result.output.contains("started"))
        #expect(try processesNamed(marker).isEmpty, "\(way): still running")
    }

    @Test(
        "what a timed-out child started outside its group ends with it",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/environ"), "it needs /proc"))
    func escapedDescendantsEndWithATimedOutChild() throws {
        let marker = "child-process-test-\(UUID().uuidString)"
        let result = try ChildProcess(
            shell, ["-c", "setsid sh -c 'sleep 300; true' \(marker) & exec sleep 300"],
            timeLimit: .milliseconds(500)
        ).run()

        #expect(result.termination == .timedOut)
        #expect(try processesNamed(marker).isEmpty)
    }

    @Test("a child's scratch files live in one folder, which goes when it ends")
    func scratchFilesGo() throws {
        let files = try ScratchFiles(input: .data(Data("in".utf8)))
        let held = try FileManager.default.contentsOfDirectory(atPath: files.folder.path).sorted()

        files.remove()

        #expect(held == ["in"])
        #expect(!FileManager.default.fileExists(atPath: files.folder.path))
    }

    @Test("reports what the child has shown while it runs")
    func reportsProgress() throws {
        let keyboard = try Keyboard()
        defer { keyboard.release() }
        var reports: [String] = []
        var pressed = false
        // The child shows "one", then waits for a line, which the test sends once a report shows "one":
        // without reports, the child would wait until its time limit, and "one" be missing below.
        let child = ChildProcess(
            shell, ["-c", "echo one; read reply; echo two"], input: .file(keyboard.path),
            timeLimit: .seconds(60))
        let result = try child.run { progress in
            reports.append(String(progress.output))
            if !pressed, progress.output == "one\n" {
                pressed = true
                keyboard.press("go\n")
            }
        }

        #expect(reports.contains("one\n"))
        #expect(result.output == "one\ntwo\n")
    }

    @Test(
        "cancelling the task that runs a child stops it, with all it started, and says so",
        .timeLimit(.minutes(1)))
    func cancellingTheTaskStopsTheChild() async throws {
        let marker = "child-process-test-\(UUID().uuidString)"
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let child = ChildProcess(
            shell, ["-c", "sh -c 'sleep 300; true' \(marker) & echo started; wait"], timeLimit: .seconds(60))
        let running = Task {
            try await child.run { progress in
                if progress.output.contains("started") { starting.yield() }
            }
        }
        // The child has shown "started": it and its own child run.
        for await _ in started { break }
        #expect(try !processesNamed(marker).isEmpty)

        running.cancel()
        let result = try await running.value

        #expect(result.termination == .cancelled)
        #expect(try processesNamed(marker).isEmpty)
    }

    @Test(
        "a child that writes without pause is stopped at its time limit all the same, its output kept to its start and end",
        .timeLimit(.minutes(1)))
    func aChildThatNeverStopsWritingIsStoppedInTime() throws {
        let result = try ChildProcess(URL(fileURLWithPath: "/usr/bin/yes"), [], timeLimit: .seconds(2)).run()

        #expect(result.termination == .timedOut)
        #expect(result.output.hasPrefix("y\ny\n"))
        #expect(result.output.utf8.count <= OutputBuffer.limit + 100)
    }

    @Test("a folder that is not there is an error that names the folder")
    func missingFolder() {
        let folder = URL(fileURLWithPath: "/nonexistent/folder")
        #expect(throws: ChildProcessError(path: folder.path, reason: "it is no folder, to start pwd in")) {
            try ChildProcess(URL(fileURLWithPath: "/bin/pwd"), [], in: folder, timeLimit: .seconds(5)).run()
        }
    }

    @Test("a program that cannot start is an error that names it")
    func missingProgram() {
        #expect(throws: ChildProcessError.self) {
            try ChildProcess(URL(fileURLWithPath: "/nonexistent/tool"), [], timeLimit: .seconds(1)).run()
        }
    }
}

/// The process ids whose command line contains `marker`, from /proc (Linux) or `ps` (elsewhere).
func processesNamed(_ marker: String) throws -> [String] {
    let listing = try ChildProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "ps -eo pid,args"], timeLimit: .seconds(10)
    )
    .run()
    return listing.output.split(separator: "\n").filter { $0.contains(marker) && !$0.contains("ps -eo") }
        .map(String.init)
}

/// The path with every symbolic link resolved, as `realpath(3)` gives it (on macOS `/var/…` is
/// `/private/var/…`, which `URL.resolvingSymlinksInPath()` turns back into `/var/…`), or nil if there is
/// no such file.
func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
