import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

/// `workbook check` reads tests, names and places: a learner on another toolchain, whose compiler and
/// test library word things their own way, gets the same verdict.
@Suite("The learner's policy: tests, names and places, never a sentence", .offThePool)
struct LearnerPolicyTests {
    static let chapter = JudgeTests.chapter
    static let files = JudgeTests.plain

    static func compileRed(_ diagnostics: [DiagnosticExpectation]) -> Step {
        JudgeTests.step(.red, .compileError(diagnostics))
    }

    static let missingMember = compileRed([
        .init(message: "value of type 'Greeter' has no member 'greet'")
    ])

    static func error(_ message: String, in path: String = "Tests/Chapter01DemoTests/GreeterTests.swift")
        -> Diagnostic
    {
        Diagnostic(file: "/w/\(path)", line: 5, column: 12, severity: .error, message: message)
    }

    static func learner(_ step: Step, _ outcome: Outcome) -> Verdict {
        Judge(.learner).judge(step, outcome, files: files, of: chapter)
    }

    @Test("A compile red is met by errors in the learner's tests that name what the step's errors name")
    func compileRedsAreMetByNames() {
        let reworded = Self.error("'Greeter' offers nothing called 'greet'")
        #expect(Self.learner(Self.missingMember, .compileError([reworded])) == .met)
        #expect(
            !Judge(.author).judge(
                Self.missingMember, .compileError([reworded]), files: Self.files, of: Self.chapter
            )
            .isMet,
            "the walk still holds its own steps to the pinned toolchain's words")
    }

    @Test("A compile red whose errors do not name the step's names is refused, naming them")
    func compileRedsNeedTheirNames() {
        let typo = Self.error("value of type 'Greeter' has no member 'gret'")
        #expect(
            Self.learner(Self.missingMember, .compileError([typo])).findings == [
                .namesNotNamed(["greet"], errors: [typo])
            ])
    }

    @Test("A compile red with errors in the library, which the step does not name, is refused")
    func compileRedsNeedTheirPlaces() {
        let inLibrary = Self.error(
            "value of type 'Greeter' has no member 'greet'", in: "Sources/Chapter01Demo/Greeter.swift")
        #expect(
            Self.learner(Self.missingMember, .compileError([inLibrary])).findings == [
                .errorsOutsideTheTests([inLibrary])
            ])
        let named = Self.compileRed([
            .init(file: "Greeter.swift", message: "cannot find type 'Name' in scope")
        ])
        let inNamedFile = Self.error(
            "'Name' is not a type anybody declared", in: "Sources/Chapter01Demo/Greeter.swift")
        #expect(
            Self.learner(named, .compileError([inNamedFile])) == .met, "a file the step names is in place")
    }

    @Test("An error beside the step's that names nothing it is about is shown apart, and refuses nothing")
    func otherErrorsAreNoted() {
        let expected = Self.error("value of type 'Greeter' has no member 'greet'")
        let slip = Self.error("expected '}' at end of brace statement")
        let renamed = Self.error("value of type 'Service' has no member 'load'")
        let verdict = Self.learner(Self.missingMember, .compileError([expected, slip, renamed]))
        #expect(verdict.isMet)
        #expect(verdict.notes == [.otherErrors([slip, renamed])])
        #expect(Self.learner(Self.missingMember, .compileError([expected])).notes.isEmpty)
    }

    @Test(
        "A compile red pinned to its test file needs an error there: a given file's errors alone do not meet it"
    )
    func pinnedFilesNeedAnError() {
        let step = Self.compileRed([
            .init(file: "HeldSource.swift", message: "cannot find type 'Loader' in scope"),
            .init(file: "LoaderTests.swift", message: "cannot find 'Loader' in scope"),
        ])
        let given = Self.error("'Loader' is unknown", in: "Tests/Chapter01DemoTests/HeldSource.swift")
        let typed = Self.error("'Loader' is unknown", in: "Tests/Chapter01DemoTests/LoaderTests.swift")
        #expect(
            Self.learner(step, .compileError([given])).findings == [
                .noErrorIn(["LoaderTests.swift"], errors: [given])
            ])
        #expect(Self.learner(step, .compileError([given, typed])) == .met)
    }

    @Test("A module's name in a step's error is left out of the names: a toolchain may not print it")
    func moduleNamesAreLeftOut() {
        let step = Self.compileRed([
            .init(message: "'Error' is not a member type of class 'Chapter01Demo.Greeter'")
        ])
        let asAStruct = Self.error("'Error' is no member type of struct 'Greeter'")
        #expect(Self.learner(step, .compileError([asAStruct])) == .met)
    }

    @Test("The workbook's copy of a red's test is found by the step's name, however the learner nested it")
    func theCopyIsFoundByName() {
        let step = JudgeTests.step(.red, .testFailure([.init(test: "Milestone2/greets()")]))
        let issue = TestIssue(message: "Expectation failed: x", file: "GreeterTests.swift", line: 4)
        let theirs = TestResult(
            id: "Chapter01DemoTests.Milestone2/greets()", status: .failed, issues: [issue])
        let ours = TestResult(
            id: "\(StepPackage.checksModule).GreeterTests/Milestone2/greets()", status: .passed)
        #expect(
            Self.learner(step, JudgeTests.run([theirs, ours])).findings == [
                .checksPass(test: "Milestone2/greets()")
            ])
    }

    @Test("A crash red is met when its test stops the process, whatever the trap printed")
    func crashRedsAreMetByTheStop() {
        let step = JudgeTests.step(
            .red, .crash(.init(test: "Milestone2/traps()", message: "Recursive call to lock Mutex")))
        let running = TestResult(id: "Chapter01DemoTests.Milestone2/traps()", status: .unfinished)
        let stopped = Outcome.tested(
            TestRun(
                tests: [running], finished: false,
                crashReport: ["The process halted: the lock was taken twice"]),
            warnings: [])
        #expect(Self.learner(step, stopped) == .met)
        let ranOn = Outcome.tested(TestRun(tests: [running], finished: true), warnings: [])
        #expect(!Self.learner(step, ranOn).isMet)
    }

    /// Runs of every shape a check meets, met and not: the learner's policy must judge each the same
    /// when every sentence in it is reworded.
    static let runs: [(Step, Outcome)] = {
        let red = JudgeTests.red
        let ours = JudgeTests.oursForItsReason
        let issue = { (message: String) in TestIssue(message: message, file: "GreeterTests.swift", line: 9) }
        let failing = TestResult(
            id: JudgeTests.test, status: .failed, issues: [issue("Expectation failed: x")])
        let other = TestResult(
            id: "Chapter01DemoTests.other()", status: .failed, issues: [issue("Issue recorded")])
        let passing = TestResult(id: JudgeTests.test, status: .passed)
        let oursPassing = TestResult(id: JudgeTests.checksTest, status: .passed)
        let warning = Diagnostic(
            file: "/w/Sources/Chapter01Demo/Greeter.swift", line: 2, column: 1, severity: .warning,
            message: "variable 'x' was never mutated")
        return [
            (missingMember, .compileError([error("value of type 'Greeter' has no member 'greet'")])),
            (missingMember, .compileError([error("value of type 'Greeter' has no member 'gret'")])),
            (
                missingMember,
                .compileError([error("cannot find 'greet' in scope", in: "Sources/Chapter01Demo/G.swift")])
            ),
            (missingMember, JudgeTests.run([passing])),
            (red, JudgeTests.run([failing, ours])),
            (red, JudgeTests.run([failing, oursPassing])),
            (red, JudgeTests.run([failing, other, ours])),
            (red, JudgeTests.run([passing, oursPassing])),
            (red, .compileError([error("cannot find 'greet' in scope")])),
            (
                JudgeTests.green,
                .tested(TestRun(tests: [passing, oursPassing], finished: true), warnings: [warning])
            ),
            (JudgeTests.green, JudgeTests.run([failing, ours])),
        ]
    }()

    @Test("A run whose every message and diagnostic sentence is reworded is judged the same")
    func rewordedRunsAreJudgedTheSame() {
        for (step, outcome) in Self.runs {
            let original = Self.learner(step, outcome)
            let reworded = Self.learner(step, Self.reworded(outcome))
            #expect(original.isMet == reworded.isMet, "\(step.expectation) on \(outcome.summary)")
            #expect(Self.kinds(original) == Self.kinds(reworded), "\(step.expectation) on \(outcome.summary)")
        }
        #expect(
            Self.runs.filter { Self.learner($0.0, $0.1).isMet }.count == 3, "the table holds met runs too")
    }

    /// What a verdict found, without what the findings carry.
    static func kinds(_ verdict: Verdict) -> [String] {
        (verdict.findings + verdict.notes).map { String(describing: $0).prefix { $0 != "(" } }.map(
            String.init)
    }

    /// The outcome as another toolchain could word it: each sentence replaced, its quoted names kept.
    static func reworded(_ outcome: Outcome) -> Outcome {
        let sentence = { (text: String) in
            "another toolchain says " + Names.quoted(in: text).map { "'\($0)'" }.joined(separator: " then ")
        }
        let diagnostic = { (diagnostic: Diagnostic) -> Diagnostic in
            var reworded = diagnostic
            reworded.message = sentence(diagnostic.message)
            reworded.notes = diagnostic.notes.map(sentence)
            return reworded
        }
        switch outcome {
        case .compileError(let diagnostics):
            return .compileError(diagnostics.map(diagnostic))
        case .tested(var run, let warnings):
            for index in run.tests.indices {
                for issue in run.tests[index].issues.indices {
                    run.tests[index].issues[issue].message = "a check did not hold (\(issue))"
                    run.tests[index].issues[issue].details = []
                }
            }
            run.crashReport = run.crashReport.map { _ in "stopped" }
            return .tested(run, warnings: warnings.map(diagnostic))
        case .timedOut:
            return outcome
        }
    }
}
