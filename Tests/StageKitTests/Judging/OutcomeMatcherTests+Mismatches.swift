import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookModel

/// What a step that shows something else is told, case by case.
extension OutcomeMatcherTests {
    static let mismatches: [MismatchCase] = [
        MismatchCase(
            "a red whose test passes is already green",
            expected: testRed, tested([passing]),
            ["already green: all 1 tests pass, but a red step must fail"]
        ),
        MismatchCase(
            "a compile red that compiles says so",
            expected: compileRed, tested([passing]),
            [
                "it compiles and every test passes, but this step expects the compile error"
                    + " 'cannot find 'AppStoreRessource' in scope'"
            ]
        ),
        MismatchCase(
            "a compile red that fails for another reason names that error, and the expected one beside it",
            expected: compileRed, .compileError([missingType, otherError]),
            [
                "it fails to compile for another reason:", "  App.swift:3:1: error: expected declaration",
                "and with the error(s) this step expects:",
                "  AppStoreRessourceTests.swift:10:33: error: cannot find 'AppStoreRessource' in scope",
            ]
        ),
        MismatchCase(
            "a compile red whose error never appears says which and what the compiler said",
            expected: compileRed, .compileError([otherError]),
            [
                "the expected error 'cannot find 'AppStoreRessource' in scope' did not appear",
                "it fails to compile for another reason:", "  App.swift:3:1: error: expected declaration",
            ]
        ),
        MismatchCase(
            "a test red that does not compile shows the errors",
            expected: testRed, .compileError([otherError]),
            ["it does not compile:", "  App.swift:3:1: error: expected declaration"]
        ),
        MismatchCase(
            "a test red failing with another message shows the message it got",
            expected: .testFailure([.init(test: "Milestone2/callsCompletion()", message: "confirmed 2 times")]
            ),
            tested([failing]),
            [
                "T.Suite/Milestone2/callsCompletion() fails, but not with 'confirmed 2 times':",
                "  T/T.swift:24: Confirmation was confirmed 0 times",
            ]
        ),
        MismatchCase(
            "a test red whose test passes while another fails names both",
            expected: .testFailure([.init(test: "Suite/passes()")]), tested([passing, failing]),
            [
                "Suite/passes() was expected to fail, but it passes", "another test fails too:",
                "  T.Suite/Milestone2/callsCompletion() fails:",
                "    T/T.swift:24: Confirmation was confirmed 0 times",
            ]
        ),
        MismatchCase(
            "a test red naming a test that does not exist says so",
            expected: .testFailure([.init(test: "Suite/nowhere()")]), tested([failing]),
            [
                "Suite/nowhere() was expected to fail, but no test of that name ran",
                "another test fails too:",
                "  T.Suite/Milestone2/callsCompletion() fails:",
                "    T/T.swift:24: Confirmation was confirmed 0 times",
            ]
        ),
        MismatchCase(
            "a green with a failing test names it, its message and place",
            expected: .green, tested([passing, failing]),
            [
                "T.Suite/Milestone2/callsCompletion() fails:",
                "  T/T.swift:24: Confirmation was confirmed 0 times",
            ]
        ),
        MismatchCase(
            "a green that builds with a warning is not green",
            expected: .green,
            tested(
                [passing],
                warnings: [
                    Diagnostic(
                        file: "/p/A.swift", line: 1, column: 2, severity: .warning, message: "never used")
                ]),
            ["it builds with a warning: A.swift:1:2: warning: never used"]
        ),
        MismatchCase(
            "a run that crashed names the test it crashed in",
            expected: .green,
            tested([passing, TestResult(id: "T.crashes()", status: .unfinished)], finished: false),
            ["the test process crashed while running T.crashes()"]
        ),
        MismatchCase(
            "a run with no test is never green",
            expected: .green, tested([]),
            ["no test ran: at least one test must run"]
        ),
        MismatchCase(
            "a timed-out run says what timed out",
            expected: testRed, .timedOut(what: "the tests", seconds: 30, unfinished: []),
            ["the tests ran past the 30 s limit, and were stopped"]
        ),
        MismatchCase(
            "a timed-out run names the tests that were still running",
            expected: testRed,
            .timedOut(
                what: "the tests", seconds: 30, unfinished: ["Chapter05Tests.DogsViewModelTests/loads()"]),
            [
                "the tests ran past the 30 s limit, and were stopped while these still ran:",
                "  Chapter05Tests.DogsViewModelTests/loads(): does it wait for something that never comes?",
            ]
        ),
    ]

    @Test("A step that shows something else is a mismatch that says what and where", arguments: mismatches)
    func mismatchesSayWhatAndWhere(_ mismatch: MismatchCase) {
        #expect(
            OutcomeMatcher.verdict(expected: mismatch.expected, outcome: mismatch.outcome).said
                == .mismatch(mismatch.lines))
    }
}

/// One row of the mismatch table: what a step expected, what it showed, and what the walk must say.
struct MismatchCase: Sendable, CustomTestStringConvertible {
    var name: String
    var expected: StepExpectation
    var outcome: Outcome
    var lines: [String]

    init(_ name: String, expected: StepExpectation, _ outcome: Outcome, _ lines: [String]) {
        self.name = name
        self.expected = expected
        self.outcome = outcome
        self.lines = lines
    }

    var testDescription: String { name }
}
