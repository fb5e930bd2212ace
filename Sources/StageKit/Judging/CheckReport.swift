import StepRunning

/// What one `workbook check` found, as a value: its verdict, what it showed in the learner's words,
/// the tests split once into the learner's and the workbook's, the first line to show and the
/// progress it changed. The terminal's printer, a room, `watch`, `next`, the replay and
/// `workbook check --json` all read it; none reads back what another printed. Its keys are stable:
/// editors and CI read them (README.md, "The workbook commands").
package struct CheckReport: Codable, Equatable, Sendable {
    package enum Verdict: String, Codable, Sendable {
        /// The step's goal is met.
        case met
        /// It is not, yet.
        case notMet
        /// The learner has done every step of the chapter: there was nothing to check.
        case chapterDone
    }

    /// One test as the check ran it.
    package struct Test: Codable, Equatable, Sendable {
        /// "Module.Suite/function()".
        package var id: String
        /// "function()".
        package var name: String
        /// passed, failed, skipped or unfinished.
        package var status: String
        /// What its failed expectations said.
        package var issues: [String]

        package init(id: String, name: String, status: String, issues: [String]) {
            self.id = id
            self.name = name
            self.status = status
            self.issues = issues
        }
    }

    /// The tests the check ran, split once: the learner's own, and the workbook's copies beside them.
    package struct Tests: Codable, Equatable, Sendable {
        package var learners: [Test]
        package var workbooks: [Test]

        package init(learners: [Test], workbooks: [Test]) {
            self.learners = learners
            self.workbooks = workbooks
        }
    }

    /// How the learner's test files differ from the workbook's in their code, past a red step.
    package struct TestFilesDifference: Codable, Equatable, Sendable {
        /// Files both have, whose code differs.
        package var differing: [String]
        /// Files only the learner has.
        package var onlyLearners: [String]
        /// Files only the workbook has.
        package var onlyWorkbooks: [String]
        /// Whether both ran (false: both were built, and the build failed).
        package var bothRan: Bool

        package init(differing: [String], onlyLearners: [String], onlyWorkbooks: [String], bothRan: Bool) {
            self.differing = differing
            self.onlyLearners = onlyLearners
            self.onlyWorkbooks = onlyWorkbooks
            self.bothRan = bothRan
        }

        package var isEmpty: Bool { differing.isEmpty && onlyLearners.isEmpty && onlyWorkbooks.isEmpty }
    }

    /// The learner's progress as the check left it.
    package struct Progress: Codable, Equatable, Sendable {
        /// The steps whose goal was met, this one too once met.
        package var met: [String]
        /// The line a check that did not meet this step keeps, for `workbook hint`; nil once met.
        package var lastMiss: String?

        package init(met: [String], lastMiss: String?) {
            self.met = met
            self.lastMiss = lastMiss
        }
    }

    package var chapter: Int
    /// The step checked ("1.3"); nil once the chapter is done.
    package var step: String?
    /// red, green, refactor or pin.
    package var kind: String?
    package var verdict: Verdict
    /// A met red whose test also fails in a way the step does not expect: met, but not "for the right
    /// reason".
    package var alsoFailsUnexpectedly: Bool
    /// The step's goal, as the learner reads it.
    package var goal: String?
    /// What the learner's own tests showed: "compile error", "1 test fails", "all pass (3)"…
    package var summary: String?
    /// What all the tests showed, the workbook's copies among them.
    package var summaryOfAll: String?
    /// What refuses the goal, in the learner's words (none when met).
    package var findings: [String]
    /// Whether `summary` ("compile error") already says the first finding, whose lines follow it.
    package var summarySaysFirstFinding: Bool
    /// What is shown beside the verdict and refuses nothing (a warning).
    package var notes: [String]
    /// What a met red showed: the compiler's errors, or what its failing tests said.
    package var details: [String]
    /// The first thing the check showed (the compiler's error, a failed expectation), without its
    /// place: what a room shows of each learner.
    package var shown: String?
    package var tests: Tests
    package var testFiles: TestFilesDifference?
    /// A met refactor whose code had not changed since the step before met: it already had the shape.
    package var alreadyHadTheShape: Bool
    package var progress: Progress

    package init(
        chapter: Int, step: String?, kind: String?, verdict: Verdict, alsoFailsUnexpectedly: Bool = false,
        goal: String? = nil, summary: String? = nil, summaryOfAll: String? = nil, findings: [String] = [],
        summarySaysFirstFinding: Bool = false,
        notes: [String] = [], details: [String] = [], shown: String? = nil,
        tests: Tests = Tests(learners: [], workbooks: []), testFiles: TestFilesDifference? = nil,
        alreadyHadTheShape: Bool = false, progress: Progress
    ) {
        self.chapter = chapter
        self.step = step
        self.kind = kind
        self.verdict = verdict
        self.alsoFailsUnexpectedly = alsoFailsUnexpectedly
        self.goal = goal
        self.summary = summary
        self.summaryOfAll = summaryOfAll
        self.findings = findings
        self.summarySaysFirstFinding = summarySaysFirstFinding
        self.notes = notes
        self.details = details
        self.shown = shown
        self.tests = tests
        self.testFiles = testFiles
        self.alreadyHadTheShape = alreadyHadTheShape
        self.progress = progress
    }

    /// Whether the step's goal is met, or there was no step left to meet.
    package var isMet: Bool {
        switch verdict {
        case .met, .chapterDone: true
        case .notMet: false
        }
    }

    /// Whether a met check is the one the step asks for: a red "for the right reason", a green.
    package var metAsTheStepSays: Bool { verdict == .met && !alsoFailsUnexpectedly }
}

extension CheckReport.Test {
    package init(_ result: TestResult) {
        self.init(
            id: result.id, name: result.name, status: result.status.rawValue,
            issues: result.issues.map(\.said))
    }
}
