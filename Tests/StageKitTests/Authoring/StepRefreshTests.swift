import ChildProcesses
import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("stages refresh: a red's expectations rewritten from what it shows now", .offThePool)
struct StepRefreshTests {
    static let failing = """
        ---
        kind: red
        title: Ask once
        expect: test-failure
        failing: Milestone2/asksOnce()
        message: Expectation failed
        hint: A spy records what it is asked.
        ---
        The text.
        """

    func step(_ text: String) throws -> Step {
        let folder = TemporaryFolder.uniqueName("refresh-")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("stage.md"))
        let chapter = Chapter(
            number: 2, slug: "x", title: "X", module: "Chapter02X", testResources: [], continues: nil,
            intro: "", start: FileTree(), steps: [])
        return try StepLoader.load(folder: folder, path: "step", chapter: chapter, number: 3, slug: "ask")
    }

    @Test("A failing test's message: becomes the first issue its test recorded, expanded expression and all")
    func messagesComeFromTheRun() throws {
        let issue = TestIssue(message: "Expectation failed: (spy.urls → []) == [feedURL]\nmore")
        let run = TestRun(
            tests: [TestResult(id: "M.Suite/Milestone2/asksOnce()", status: .failed, issues: [issue])],
            finished: true)

        let text = StepRefresh.refreshed(
            Self.failing, of: try step(Self.failing), outcome: .tested(run, warnings: []))

        let pinned = try #require(text)
        #expect(
            StepRefresh.refreshed(pinned, of: try step(pinned), outcome: .tested(run, warnings: [])) == nil,
            "a message that still holds is kept")
        #expect(
            text
                == Self.failing.replacingOccurrences(
                    of: "message: Expectation failed",
                    with: "message: Expectation failed: (spy.urls → []) == [feedURL]"))
    }

    @Test("An issue no message: names gets a failing: and message: pair of its own, after the test's last")
    func everyIssueIsNamed() throws {
        let first = TestIssue(message: "Expectation failed: (spy.urls → []) == [feedURL]")
        let second = TestIssue(message: "Expectation failed: (spy.count → 0) == 1")
        let run = TestRun(
            tests: [
                TestResult(id: "M.Suite/Milestone2/asksOnce()", status: .failed, issues: [first, second])
            ],
            finished: true)
        let red = Self.failing.replacingOccurrences(
            of: "message: Expectation failed",
            with: "message: Expectation failed: (spy.urls → []) == [feedURL]")

        let text = try #require(
            StepRefresh.refreshed(red, of: try step(red), outcome: .tested(run, warnings: [])))

        #expect(
            text
                == red.replacingOccurrences(
                    of: "hint:",
                    with:
                        "failing: Milestone2/asksOnce()\nmessage: Expectation failed: (spy.count → 0) == 1\nhint:"
                ))
        #expect(
            OutcomeMatcher.unexpectedIssues(
                expected: try step(text).expectation, outcome: .tested(run, warnings: [])
            ).isEmpty)
        #expect(
            StepRefresh.lines(for: run.tests[0]) == [
                "failing: Suite/Milestone2/asksOnce()", "message: \(first.message)",
                "failing: Suite/Milestone2/asksOnce()", "message: \(second.message)",
            ], "a recorded red names every issue too")
    }

    @Test("A test named twice: each pair is its own, a held message is kept, the other gets an unnamed issue")
    func aTestNamedTwiceKeepsEachPair() throws {
        let first = TestIssue(message: "Expectation failed: (spy.urls → []) == [feedURL]")
        let second = TestIssue(message: "Expectation failed: (spy.count → 0) == 1")
        let third = TestIssue(message: "Expectation failed: (spy.count → 0) == 1")  // the same line again
        let other = TestIssue(message: "Expectation failed: (other → 1) == 2")
        let run = TestRun(
            tests: [
                TestResult(
                    id: "M.Suite/Milestone2/asksOnce()", status: .failed, issues: [first, second, third]),
                TestResult(id: "M.Suite/Milestone2/other()", status: .failed, issues: [other]),
            ],
            finished: true)
        let red = Self.failing.replacingOccurrences(
            of: "message: Expectation failed",
            with: "message: (spy.urls → [])\nfailing: Milestone2/asksOnce()\nfailing: Milestone2/other()")

        let text = try #require(
            StepRefresh.refreshed(red, of: try step(red), outcome: .tested(run, warnings: [])))

        #expect(
            text.contains(
                "failing: Milestone2/asksOnce()\nmessage: (spy.urls → [])\n"
                    + "failing: Milestone2/asksOnce()\nmessage: \(second.message)\n"
                    + "failing: Milestone2/other()\nmessage: \(other.message)\nhint:"))
        #expect(
            OutcomeMatcher.unexpectedIssues(
                expected: try step(text).expectation, outcome: .tested(run, warnings: [])
            ).isEmpty)
    }

    @Test("A compile-error red's diagnostic: lines become the compiler's errors, each with its file")
    func diagnosticsComeFromTheCompiler() throws {
        let red = "---\nkind: red\ntitle: T\nexpect: compile-error\ndiagnostic: old words\n---\nText.\n"
        let errors = [
            Diagnostic(
                file: "/w/A.swift", line: 3, column: 1, severity: .error, message: "cannot find 'X' in scope"),
            Diagnostic(file: "/w/A.swift", line: 3, column: 1, severity: .warning, message: "unused"),
        ]

        let text = StepRefresh.refreshed(red, of: try step(red), outcome: .compileError(errors))

        #expect(text == red.replacingOccurrences(of: "old words", with: "A.swift: cannot find 'X' in scope"))
        #expect(
            StepRefresh.refreshed(text ?? "", of: try step(text ?? ""), outcome: .compileError(errors))
                == nil)
    }

    @Test(
        "A red whose errors still hold keeps its diagnostic: lines, and gains warning: lines for new follow-ups"
    )
    func refreshKeepsHoldingDiagnostics() throws {
        let red = "---\nkind: red\ntitle: T\nexpect: compile-error\ndiagnostic: cannot find 'X'\n---\nText.\n"
        let diagnostics = [
            Diagnostic(
                file: "/w/A.swift", line: 3, column: 1, severity: .error, message: "cannot find 'X' in scope"),
            Diagnostic(
                file: "/w/A.swift", line: 5, column: 1, severity: .warning,
                message: "no calls to throwing functions"),
        ]

        let text = StepRefresh.refreshed(red, of: try step(red), outcome: .compileError(diagnostics))

        #expect(
            text
                == red.replacingOccurrences(
                    of: "diagnostic: cannot find 'X'\n",
                    with: "diagnostic: cannot find 'X'\nwarning: A.swift: no calls to throwing functions\n"))
    }
}
