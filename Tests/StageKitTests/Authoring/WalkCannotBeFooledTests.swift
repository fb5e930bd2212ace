import ChildProcesses
import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel

/// Each way someone who wanted a broken step to pass could try, and the sentence that stops it.
@Suite("The walk cannot be fooled", .offThePool)
struct WalkCannotBeFooledTests {
    func walk(_ fixture: WorkbookFixture, _ outcomes: [String: Outcome]) throws -> (WalkReport, [String]) {
        var printed: [String] = []
        let walk = Walk(
            workbook: try fixture.load(), runner: ScriptedStepRunner(outcomes), print: { printed.append($0) }
        )
        return (try walk.run(WalkSelection()), printed)
    }

    @Test("A red whose expected error comes from #error, not from the compiler, fails the walk")
    func errorDirectivesAreRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let path = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/\(WorkbookFixture.testPath)"
        try fixture.write(path, WorkbookFixture.testFile + "#error(\"cannot find 'Greeter' in scope\")\n")
        try fixture.write(WorkbookFixture.testPath, WorkbookFixture.testFile)
        try fixture.renderChapterTexts()

        let (report, printed) = try walk(fixture, ["1.1": .greetingMissing, "1.2": .allPass])

        #expect(!report.passed)
        #expect(
            printed.contains {
                $0.contains("1.1: \(WorkbookFixture.testPath):")
                    && $0.contains(
                        "'#error' and '#warning' make the compiler say what the code says: a step's errors come"
                            + " from the compiler's own reading of the code")
            })
    }

    @Test("A compile-error red whose build also prints a real warning is not met")
    func warningsCountInACompileErrorToo() {
        let error = Diagnostic(
            file: "/w/GreeterTests.swift", line: 5, column: 12, severity: .error,
            message: "cannot find 'Greeter' in scope")
        let warning = Diagnostic(
            file: "/w/GreeterTests.swift", line: 3, column: 9, severity: .warning,
            message: "initialization of immutable value 'x' was never used")

        let verdict = OutcomeMatcher.verdict(
            expected: .compileError([DiagnosticExpectation(message: "cannot find 'Greeter' in scope")]),
            outcome: .compileError([error, warning]))

        #expect(verdict.said == .mismatch(["it builds with a warning: \(warning)"]))
        var followUp = warning
        followUp.line = error.line
        followUp.message = "no 'async' operations occur within 'await' expression"
        let onTheErrorsLine = OutcomeMatcher.verdict(
            expected: .compileError([DiagnosticExpectation(message: "cannot find 'Greeter' in scope")]),
            outcome: .compileError([error, followUp]))
        #expect(onTheErrorsLine.said == .met, "a warning on the error's own line follows from the error")
    }

    @Test("A symbolic link in a step, or in the package's Sources, stops the walk, naming it")
    func symbolicLinksAreRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let outside = TemporaryFolder.root.appendingPathComponent("outside-\(UUID()).swift")
        try Data("public let x = 1\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let inSources = fixture.url("Sources/Chapter01Demo/Extra.swift")
        try FileManager.default.createSymbolicLink(at: inSources, withDestinationURL: outside)

        #expect(throws: StageKitError.self) { try walk(fixture, ["1.1": .greetingMissing, "1.2": .allPass]) }
        do {
            _ = try walk(fixture, [:])
        } catch {
            #expect("\(error)".contains("Extra.swift") && "\(error)".contains("symbolic link"))
        }

        try FileManager.default.removeItem(at: inSources)
        let inStage = fixture.url("\(WorkbookFixture.stagesPath)/02-greet/Sources/Chapter01Demo/Extra.swift")
        try FileManager.default.createSymbolicLink(at: inStage, withDestinationURL: outside)
        #expect(throws: StageKitError.self) { try fixture.load() }
    }

    @Test("A test-resources value that would run as code in the generated manifest is refused")
    func manifestValuesArePlainNames() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\ntest-resources: Fixtures\")]); print(\"owned\n---\nA chapter.\n"
        )

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".contains("'test-resources' names a folder of the test target, like Fixtures")
        }
    }

    @Test("checkout --force refuses the workbook's own folder, a folder above it, and a git repository")
    func checkoutRefusesTheWorkbookAndRepositories() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))
        try fixture.write("elsewhere/.git/HEAD", "ref: refs/heads/main\n")

        for folder in [fixture.root, fixture.root.deletingLastPathComponent(), fixture.url("elsewhere")] {
            #expect {
                try StepCheckout.write(
                    step: chapter.steps[0], of: chapter, workbook: workbook, into: folder, force: true)
            } throws: { error in
                "\(error)".contains("it holds the workbook itself or a git repository")
            }
        }
        #expect(FileManager.default.fileExists(atPath: fixture.url("Chapters").path), "nothing was moved")
    }

    @Test("Two step folders with one number are named as such, not as a missing number")
    func duplicateNumbersAreSaidAsSuch() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-again/stage.md", stageHeader("kind: refactor", "title: Again"))

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)".contains("two step folders share the number 02")
        }
    }
}
