import ChildProcesses
import Foundation
import StepJudging
import StepRunning
import WorkbookModel

/// Plays chapters as a learner does, through the real `workbook`: start; one check before typing
/// anything (not met); then, step by step, the step's files typed in, a check that meets the goal, and
/// `next`. At each green step it first swaps the red's tests for one trivial passing test, which
/// must be refused, then puts them back. Any other answer is a surprise, and the replay fails.
package struct LearnerReplay {
    /// Runs `workbook` with these arguments (the workspace options added) and returns how it ended
    /// and its output.
    package typealias Driver = (_ arguments: [String]) throws -> (
        termination: ChildProcess.Termination, output: String
    )

    package var workbook: Workbook
    package var workspace: URL
    package var drive: Driver
    package var print: (String) -> Void
    /// Whether the toolchain words its diagnostics and messages otherwise than the pinned one (the
    /// stand-in of `Tests/StandInToolchain/`): a mistake's `shows:` line, in the pinned toolchain's
    /// words, is then looked for by the names it puts in quotes.
    package var otherWording = false

    package init(
        workbook: Workbook, workspace: URL, drive: @escaping Driver, print: @escaping (String) -> Void
    ) {
        self.workbook = workbook
        self.workspace = workspace
        self.drive = drive
        self.print = print
    }

    package static let trivialTest = "import Testing\n\n@Test func trivial() {\n    #expect(Bool(true))\n}\n"

    /// Replays the chapters and returns the surprises (none: it passed).
    package func run(chapters: [Chapter]) throws -> [String] {
        var surprises: [String] = []
        let started = Date()
        for chapter in chapters {
            surprises += try replay(chapter)
        }
        let steps = chapters.map(\.steps.count).reduce(0, +)
        let seconds = String(format: "%.0f", Date().timeIntervalSince(started))
        print(
            surprises.isEmpty
                ? "replay passed: \(steps) steps of chapter(s) \(chapters.map { "\($0.number)" }.joined(separator: ", ")) in \(seconds) s."
                : "replay FAILED: \(surprises.count) surprise(s) in \(steps) steps, \(seconds) s.")
        return surprises
    }

    /// Runs `workbook` with these arguments; when it exits otherwise than `status`, adds a surprise
    /// that says what was expected at `step`. Returns what it printed.
    package func expect(
        _ status: Int32, from arguments: [String], at step: String, _ what: String,
        surprises: inout [String]
    ) throws -> String {
        let answer = try drive(arguments)
        if answer.termination != .exited(status) {
            surprises.append(
                "\(step): \(what), but 'workbook \(arguments.joined(separator: " "))' \(answer.termination):\n\(answer.output)"
            )
        }
        return answer.output
    }

    package func replay(_ chapter: Chapter) throws -> [String] {
        var surprises: [String] = []
        func expect(_ status: Int32, from arguments: [String], at step: String, _ what: String) throws
            -> String
        {
            try self.expect(status, from: arguments, at: step, what, surprises: &surprises)
        }
        _ = try expect(
            0, from: ["start", "\(chapter.number)", "--force"], at: "start \(chapter.number)", "start works")
        _ = try expect(
            1, from: ["check"], at: "before \(chapter.number).1",
            "a check before typing anything is not met")
        // What went wrong before the first step is shown now: no step's line would show it.
        for surprise in surprises { print("   \(surprise)") }
        for step in chapter.steps {
            let before = surprises.count
            let clock = Date()
            var notes: [String] = []
            if Self.refusesATrivialTest(step.kind) {
                let saved = try swapTestsForATrivialOne(in: chapter)
                _ = try expect(
                    1, from: ["check"], at: step.id, "a trivial test in place of the red's tests is refused")
                try restore(saved, in: chapter)
                notes.append("trivial test refused")
            }
            try type(step)
            let checked = try expect(
                0, from: ["check", "--json"], at: step.id, "the step's own files meet its goal")
            if !Self.reportsMet(step, in: checked) {
                surprises.append(
                    "\(step.id): the check did not say '\(Self.metWord(step.kind))':\n\(checked)")
            }
            _ = try expect(0, from: ["next"], at: step.id, "next moves on")
            let seconds = String(format: "%.1f", Date().timeIntervalSince(clock))
            let verdict = surprises.count == before ? "ok" : "SURPRISE"
            print(
                "\(step.id)  \(step.kind.symbol) \(verdict)  \(seconds) s\(notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))")"
            )
            for surprise in surprises[before...] { print("   \(surprise)") }
        }
        return surprises
    }

    /// Whether what `workbook check --json` wrote holds a report that meets `step` as the step says: a
    /// red for the right reason, a green; its report is read, not the sentences it printed beside it.
    package static func reportsMet(_ step: Step, in output: String) -> Bool {
        guard let report = checkReport(in: output) else { return false }
        return report.metAsTheStepSays && report.kind == step.kind.rawValue
    }

    /// The report `workbook check --json` wrote on a line of its own, among what else it said.
    package static func checkReport(in output: String) -> CheckReport? {
        output.split(separator: "\n").reversed().lazy.compactMap { line in
            line.hasPrefix("{") ? try? JSONDecoder().decode(CheckReport.self, from: Data(line.utf8)) : nil
        }.first
    }

    /// Whether the replay first swaps the step's tests for a trivial one, which must be refused: at a
    /// green, whose red's tests a trivial test must not stand in for.
    package static func refusesATrivialTest(_ kind: StepKind) -> Bool {
        switch kind {
        case .green: true
        case .red, .refactor, .test: false
        }
    }

    /// What a met check says of a step, in a surprise's words.
    package static func metWord(_ kind: StepKind) -> String {
        switch kind {
        case .red: "Red, for the right reason"
        case .green, .refactor, .test: "Green:"
        }
    }

    /// Types a step's files as the chapter text gives them, and deletes what it deletes.
    package func type(_ step: Step) throws {
        for (path, data) in step.changes.files {
            try PackageWriter.write(data, to: workspace.appendingPathComponent(path))
        }
        for path in step.deletions {
            try? FileManager.default.removeItem(at: workspace.appendingPathComponent(path))
        }
    }

    package func swapTestsForATrivialOne(in chapter: Chapter) throws -> FileTree {
        let folder = workspace.appendingPathComponent(chapter.testsPath)
        let saved = try FileTree.read(from: folder)
        for path in saved.paths where path.hasSuffix(".swift") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
        }
        try PackageWriter.write(
            Data(Self.trivialTest.utf8), to: folder.appendingPathComponent("Trivial.swift"))
        return saved
    }

    package func restore(_ saved: FileTree, in chapter: Chapter) throws {
        let folder = workspace.appendingPathComponent(chapter.testsPath)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Trivial.swift"))
        for (path, data) in saved.files {
            try PackageWriter.write(data, to: folder.appendingPathComponent(path))
        }
    }
}
