import Foundation
import StepRunning
import WorkbookModel
import WorkbookText

/// What taking one change of a green step back did.
package enum Forcing: Equatable, Sendable {
    /// Some code, a test's or the chapter's, no longer compiles.
    case compileError
    /// These tests fail.
    case failingTests([String])
    /// The tests stopped: a process that crashed, or tests that waited past the time limit for what
    /// never came.
    case stopped
    /// The build ran past its time limit, no test still waiting: the run proves nothing.
    case timedOut
    /// Every test still passes: no test needs the change.
    case nothing

    package init(_ outcome: Outcome) {
        switch outcome {
        case .compileError: self = .compileError
        case .timedOut(_, _, let unfinished): self = unfinished.isEmpty ? .timedOut : .stopped
        case .tested(let run, _):
            if !run.failed.isEmpty {
                self = .failingTests(run.failed.map(\.name))
            } else if !run.finished || !run.unfinished.isEmpty {
                self = .stopped
            } else {
                self = .nothing
            }
        }
    }

    package var summary: String {
        switch self {
        case .compileError: "does not compile"
        case .failingTests(let names): names.count == 1 ? "1 test fails" : "\(names.count) tests fail"
        case .stopped: "the tests crash or wait forever"
        case .timedOut: "it ran past its time limit"
        case .nothing: "every test passes"
        }
    }
}

/// One change taken back: which, of which step, and what it did.
package struct CheckedChange: Equatable, Sendable {
    package var step: Step
    package var change: StepChange
    package var forcing: Forcing
    /// The step's `unforced:` line that names it, if one does.
    package var reason: UnforcedChange?

    /// What is wrong, in one sentence; nil when a test forces the change, or the step says why none does.
    package var problem: String? {
        switch (forcing, reason) {
        case (.timedOut, _):
            "its run went past the time limit, which proves nothing: run the check again on a quieter machine"
        case (.nothing, nil):
            "no test of step \(step.id) fails without it: write a test that needs it, or name it in the step's "
                + "stage.md with `unforced:` and the reason it is there"
        case (.nothing, .some): nil
        case (_, .some(let reason)):
            "a test needs it (\(forcing.summary) without it), yet `unforced: `\(reason.fragment)`` says none does"
        case (_, nil): nil
        }
    }
}

/// What `run-stages --forced` found: each change checked, and what is wrong with a step as a whole (it
/// does not pass as it is; an `unforced:` line names no change of it, or more than one).
package struct ForcedReport: Equatable, Sendable {
    package var checked: [CheckedChange]
    package var stepProblems: [String]

    package var passed: Bool { stepProblems.isEmpty && checked.allSatisfy { $0.problem == nil } }
}

/// `run-stages --forced`: takes back, one at a time, each change a green step makes to its chapter's
/// code, runs the step's tests, and shows that some test then fails or does not compile.
package struct ForcedLines {
    package var workbook: Workbook
    package var runner: any StepRunner
    package var print: (String) -> Void
    package var jobs: Int

    package init(workbook: Workbook, runner: any StepRunner, print: @escaping (String) -> Void, jobs: Int = 1)
    {
        self.workbook = workbook
        self.runner = runner
        self.print = print
        self.jobs = jobs
    }

    /// Checks every change of the chosen green steps, each step first run as it is, for a step that does
    /// not pass as it is would make every change look needed.
    package func run(_ selection: WalkSelection, chapters: Set<Int>? = nil) throws(StageKitError)
        -> ForcedReport
    {
        let chosen = try selection.steps(in: workbook).filter {
            $0.1.kind.isForced && chapters?.contains($0.0.number) != false
        }
        let groups = chosen.runs { $0.0.number }.map { run in
            run.elements.flatMap { chapter, step in
                [(chapter, step, StepChange?.none)]
                    + StepChanges.of(step, in: chapter, of: workbook).map { (chapter, step, $0) }
            }
        }
        let (book, stepRunner) = (workbook, runner)
        let trees = workbook.treesAfterEachStep(of: groups.compactMap(\.first?.0))
        let results = try ChapterWorkers(jobs: jobs).run(groups, show: show) {
            (item) throws(StageKitError) -> ForcedResult in
            let (chapter, step, change) = item
            var tree = trees[step.id] ?? book.tree(after: step, in: chapter)
            if let change { tree.files[change.path] = Data(change.fileTakenBack.utf8) }
            let package = StepPackage.files(for: chapter, tree: tree)
            var forcing = Forcing(try stepRunner.run(package, of: chapter, stepID: step.id))
            guard let change else {
                // A step that passes the walk and fails here as it is was built on a stale state: it is
                // judged by a clean build.
                if forcing != .nothing {
                    forcing = Forcing(try stepRunner.runClean(package, of: chapter, stepID: step.id))
                }
                return .asItIs(step, forcing)
            }
            return .takenBack(
                CheckedChange(
                    step: step, change: change, forcing: forcing,
                    reason: step.unforced.first(where: change.isNamed)))
        }
        let checked = results.compactMap { result -> CheckedChange? in
            if case .takenBack(let checked) = result { return checked }
            return nil
        }
        var stepProblems: [String] = results.compactMap { result in
            guard case .asItIs(let step, let forcing) = result, forcing != .nothing else { return nil }
            return
                "step \(step.id) does not pass as it is (\(forcing.summary)): walk it first, for its changes "
                + "prove nothing until it does"
        }
        for (_, step) in chosen {
            for unforced in step.unforced {
                let named = checked.filter { $0.step == step }
                    .filter { $0.change.isNamed(by: unforced) }.count
                guard named != 1 else { continue }
                stepProblems.append(
                    "step \(step.id): `unforced: `\(unforced.fragment)`` names "
                        + (named == 0
                            ? "no change of the step's code"
                            : "\(named) changes: give the start of one line, long enough to name it alone"))
            }
        }
        for line in stepProblems { print(line) }
        summarize(checked, steps: chosen.count, stepProblems: stepProblems.count)
        return ForcedReport(checked: checked, stepProblems: stepProblems)
    }

    /// A step run as it is, or one of its changes taken back.
    package enum ForcedResult: Sendable {
        case asItIs(Step, Forcing)
        case takenBack(CheckedChange)
    }

    package func show(_ result: ForcedResult) {
        switch result {
        case .asItIs(let step, let forcing) where forcing != .nothing:
            print("\(step.id)  as it is  \(forcing.summary)  STEP FAILS")
        case .asItIs: break
        case .takenBack(let checked): show(checked)
        }
    }

    package func show(_ checked: CheckedChange) {
        let result =
            switch (checked.forcing, checked.reason) {
            case (.nothing, .some(let reason)): "unforced, for a reason: \(reason.reason)"
            case (.nothing, nil): "NOT FORCED"
            case (.timedOut, _): "TIMED OUT"
            default: "forced: \(checked.forcing.summary)"
            }
        print(
            "\(checked.step.id)  \(checked.change.place)  \(checked.change.firstCode.prefix(50))  \(result)")
        if let problem = checked.problem { print("      \(problem)") }
    }

    package func summarize(_ checked: [CheckedChange], steps: Int, stepProblems: Int) {
        let count = { (forcing: (Forcing) -> Bool) in checked.filter { forcing($0.forcing) }.count }
        let compiles = count { $0 == .compileError }
        let fails = count { if case .failingTests = $0 { true } else { false } }
        let stops = count { $0 == .stopped }
        let reasoned = checked.filter { $0.forcing == .nothing && $0.reason != nil }.count
        let problems = checked.filter { $0.problem != nil }.count + stepProblems
        print(
            "\(checked.count) change(s) of \(steps) green step(s) taken back: \(compiles + fails + stops) forced "
                + "(\(compiles) no longer compile, \(fails) fail a test, \(stops) stop the tests), \(reasoned) "
                + "unforced with a reason")
        print(
            problems == 0
                ? "forced lines passed: every change is needed by a test or says why it is there."
                : "forced lines FAILED: \(problems) problem(s) above.")
    }
}
