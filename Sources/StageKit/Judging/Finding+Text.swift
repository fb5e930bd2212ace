import StepRunning
import WorkbookModel

/// The one place a verdict becomes sentences: for the author, who reads the walk and compares the
/// pinned toolchain's words, and for a learner, who is told what the check read (tests, names and
/// places) with what their toolchain printed shown beside it.
extension Verdict {
    /// What refuses the step, a line each (indented lines belong to the line above them).
    package func lines(for policy: Judge.Policy) -> [String] {
        findings.flatMap { $0.lines(for: policy) }
    }

    /// What is shown beside the verdict and refuses nothing.
    package func noteLines(for policy: Judge.Policy) -> [String] {
        notes.flatMap { $0.lines(for: policy) }
    }
}

extension Finding {
    func lines(for policy: Judge.Policy) -> [String] {
        let learner = policy == .learner
        switch self {
        case .doesNotCompile(let errors):
            return ["it does not compile:"] + Self.indented(errors)
        case .expectedErrorMissing(let message):
            return ["the expected error '\(message)' did not appear"]
        case .unexpectedErrors(let others, let expectedOnes):
            return ["it fails to compile for another reason:"] + Self.indented(others)
                + (expectedOnes.isEmpty
                    ? [] : ["and with the error(s) this step expects:"] + Self.indented(expectedOnes))
        case .compilerSaid(let errors):
            return ["the compiler said:"] + Self.indented(errors)
        case .namesNotNamed(let names, let errors):
            return [
                "it does not compile, but no error names \(Self.quoted(names)), which this step's errors are"
                    + " about; the compiler said:"
            ] + Self.indented(errors)
        case .noErrorIn(let files, let errors):
            return [
                "it does not compile, but with no error in \(files.joined(separator: " or ")), where this step's"
                    + " errors are; the compiler said:"
            ] + Self.indented(errors)
        case .errorsOutsideTheTests(let errors):
            return ["it does not compile, with errors outside your tests, where this step expects none:"]
                + Self.indented(errors)
        case .compilesWhereAnErrorIsExpected(let names, let messages, let failing):
            let state = failing == 0 ? "and every test passes" : "and \(failing) test(s) fail"
            guard learner, !names.isEmpty else {
                let what = messages.map { "'\($0)'" }.joined(separator: ", ")
                return ["it compiles \(state), but this step expects the compile error \(what)"]
            }
            return [
                "it compiles \(state), but this step expects a compile error naming \(Self.quoted(names))"
            ]
        case .warning(let warning):
            guard learner else { return ["it builds with a warning: \(warning)"] }
            return [
                "a warning, which refuses nothing: the compiler says the code may not do what you mean (where"
                    + " the code does not compile, it often goes with the errors):"
            ] + Self.indented([warning])
        case .noTestRan:
            return ["no test ran: at least one test must run"]
        case .noOwnTestRan:
            return ["no test ran: this step starts with the test you write, as its text shows"]
        case .alreadyGreen(let passed):
            return ["already green: all \(passed) tests pass, but a red step must fail"]
        case .codeWrittenAhead:
            return [
                "If you wrote this step's code already, take it out for now: a red step shows its test failing"
                    + " first, and the next step's code makes it pass."
            ]
        case .notFailing(let test, let passes):
            return [
                "\(test) was expected to fail, but " + (passes ? "it passes" : "no test of that name ran")
            ]
        case .ambiguousName(let name, let ids):
            return [
                "\(name) names more than one test: \(ids.joined(separator: ", ")); a step's test has one name"
            ]
        case .failsWithoutMessage(let test, let message):
            return ["\(test.id) fails, but not with '\(message)':"] + Self.indented(test.issues)
        case .namedOtherwise(let test, let stepsName):
            let (suites, function) = Self.suitesAndFunction(stepsName)
            return [
                "no test named \(stepsName) ran; your \(test) fails on what it checks, as the step's should:"
                    + " give it the step's names (\(suites.isEmpty ? "" : "in a suite \(suites), ")the function"
                    + " \(function)), by which the workbook finds it and runs its own copy beside it"
            ]
        case .failsWithoutAnExpectation(let test):
            return [
                "\(test.id) fails, but on an error it throws, not on what it checks: a red fails on an"
                    + " expectation, a requirement or a confirmation:"
            ] + Self.indented(test.issues)
        case .anotherTestFails(let test):
            return ["another test fails too:"] + Self.failure(test).map { "  \($0)" }
        case .testFails(let test):
            return Self.failure(test)
        case .moreThanItsMessages(let issues):
            return ["it fails as the step says, and for more than its message: lines name:"]
                + issues.map { "  \($0)" }
        case .crashed(let running, let report):
            return [
                "the test process crashed"
                    + (running.isEmpty ? "" : " while running \(running.joined(separator: ", "))")
            ] + report.map { "  \($0)" }
        case .ranToTheEnd(let test, let failing):
            let state = failing.isEmpty ? "every test passes" : "\(failing.count) test(s) fail"
            return [
                "the tests run to their end (\(state)), but this step expects the process to stop while"
                    + " \(test) runs"
            ] + failing.flatMap(Self.failure)
        case .stoppedElsewhere(let test, let running, let report):
            return [
                "the process stopped, but while "
                    + (running.isEmpty ? "no test ran" : running.joined(separator: ", ") + " ran")
                    + ", not \(test)"
            ] + report.map { "  \($0)" }
        case .stoppedWithoutMessage(let test, let message, let report):
            return ["the process stopped while \(test) ran, but not with '\(message)':"]
                + report.map { "  \($0)" }
        case .timedOut(let what, let seconds, let unfinished):
            guard !unfinished.isEmpty else {
                return ["\(what) ran past the \(seconds) s limit, and were stopped"]
            }
            return ["\(what) ran past the \(seconds) s limit, and were stopped while these still ran:"]
                + unfinished.map { "  \($0): does it wait for something that never comes?" }
        case .forged(let places):
            return ["your code writes the step's verdict itself:"] + places.map { "  \($0)" }
        case .checksDoNotCompile(let errors, let misplaced):
            return [
                "the workbook's own tests for this step do not compile against your code (it names something"
                    + " otherwise than the step's tests do?):"
            ]
                + Self.indented(errors)
                + misplaced.map {
                    "'\($0.name)' is declared in your \($0.path): the workbook's tests, like an app, see only"
                        + " what Sources/ holds. Move it there."
                }
        case .checksFail(_, let theirsFailToo):
            return [
                theirsFailToo
                    ? "your own tests and the workbook's own tests for this step fail against your code"
                    : "the workbook's own tests for this step do not all pass against your code"
            ]
        case .checksDidNotRun:
            return ["the workbook's own tests for this step did not run"]
        case .checksPass(let test):
            return [
                "\(test) fails in your tests, but the workbook's own copy of it passes against your code: your"
                    + " test is not quite the step's (compare it with the chapter's), or your code already does"
                    + " what it checks"
            ]
        case .otherErrors(let errors):
            return [
                "and errors that name nothing this step is about: often they follow from what is missing and go"
                    + " with it; one still there after the next step is a slip to fix:"
            ] + Self.indented(errors)
        case .moreIssuesThanExpected(let test, let expected, let inTheirTestAlone):
            let why =
                inTheirTestAlone
                ? "the workbook's copy of it records \(expected) against your code, so the others come from your"
                    + " test: an expectation on what a failed one returned fails with it (`try #require` stops"
                    + " the test at the first)"
                : "an earlier step may have left a bug in your code"
            return [
                "\(test.id) fails for the step's reason, and records \(test.issues.count) issues where the step"
                    + " expects \(expected): \(why). All it records:"
            ] + Self.indented(test.issues)
        }
    }

    /// "Milestone3_3/reportsIt()" → ("Milestone3_3", "reportsIt()"); nested suites keep their path.
    static func suitesAndFunction(_ name: String) -> (suites: String, function: String) {
        guard let slash = name.lastIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// "'getTopApps' and 'AppStoreRessource'".
    static func quoted(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Each item once, in order: a build may print one diagnostic twice (as it compiles a file and as
    /// it emits its module).
    static func indented(_ items: [some CustomStringConvertible]) -> [String] {
        items.map { "  \($0)" }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// "Module.Suite/test() fails:" and its issues, indented.
    static func failure(_ test: TestResult) -> [String] {
        ["\(test.id) fails:"] + test.issues.map { "  \($0)" }
    }
}
