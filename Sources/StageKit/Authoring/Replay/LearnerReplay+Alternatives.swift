import Foundation
import StepRunning
import WorkbookModel

extension LearnerReplay {
    /// Writes the chapters' alternatives as a learner would: at the alternative's step, the package as
    /// it is after the step (`goto`, then the step's files typed) with the learner's code written in
    /// it, and a check that must meet the goal. Then, step by step to the chapter's end, the step's
    /// files typed, the learner's edits made again where their text is still found, and a check that
    /// must meet that step's goal; it stops after the first step that leaves nothing of the learner's
    /// code. Any other answer is a surprise. Returns the surprises (none: every alternative was
    /// accepted).
    package func runAlternatives(chapters: [Chapter]) throws -> [String] {
        var surprises: [String] = []
        let started = Date()
        var count = 0
        for chapter in chapters where !chapter.alternatives.isEmpty {
            var started: [String] = []
            _ = try expect(
                0, from: ["start", "\(chapter.number)", "--force"], at: "start \(chapter.number)",
                "start works", surprises: &started)
            for surprise in started { print("   \(surprise)") }
            surprises += started
            for alternative in chapter.alternatives {
                count += 1
                surprises += try write(alternative, in: chapter)
            }
        }
        let seconds = String(format: "%.0f", Date().timeIntervalSince(started))
        guard count > 0 else {
            print("No alternatives are written down for these chapters: no file in an alternatives/ folder.")
            return surprises
        }
        print(
            surprises.isEmpty
                ? "alternatives accepted: all \(count), in \(seconds) s."
                : "alternatives FAILED: \(surprises.count) surprise(s) in \(count) alternatives, \(seconds) s."
        )
        return surprises
    }

    package func write(_ alternative: Alternative, in chapter: Chapter) throws -> [String] {
        var surprises: [String] = []
        let clock = Date()
        guard let first = chapter.steps.firstIndex(where: { $0.id == alternative.step }) else {
            throw StageKitError.malformed(
                path: alternative.path, line: nil,
                problem: "chapter \(chapter.number) has no step \(alternative.step)")
        }
        let step = chapter.steps[first]
        _ = try expect(
            0, from: ["goto", step.id, "--yes"], at: step.id, "goto works", surprises: &surprises)
        try type(step)
        let written = try alternative.applied(to: FileTree.read(from: workspace).files)
        for (path, data) in written {
            try PackageWriter.write(data, to: workspace.appendingPathComponent(path))
        }
        var kept = alternative.edits
        var last = first
        try checkAndMoveOn(step, with: alternative, surprises: &surprises)
        while surprises.isEmpty, !kept.isEmpty, chapter.steps.indices.contains(last + 1) {
            last += 1
            let later = chapter.steps[last]
            try type(later)
            kept = try makeAgain(kept, after: later)
            try checkAndMoveOn(later, with: alternative, surprises: &surprises)
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(clock))
        let steps = last - first + 1
        let range =
            steps == 1
            ? "at \(step.id) (1 step)" : "at \(step.id) … \(chapter.steps[last].id) (\(steps) steps)"
        print(
            "\(step.id)  \(surprises.isEmpty ? "accepted" : "SURPRISE")  \(range)  \(seconds) s  \(alternative.title)"
        )
        for surprise in surprises { print("   \(surprise)") }
        return surprises
    }

    /// The learner's edits that are still in their files after `step` was typed: those of the files it
    /// did not write, and those made again in the files it wrote, where their `replace:` text is still
    /// found. An edit whose text is gone is the step's rewriting of that code, and is left out.
    package func makeAgain(_ edits: [FileEdit], after step: Step) throws -> [FileEdit] {
        var kept: [FileEdit] = []
        for edit in edits {
            guard step.changes.files[edit.file] != nil || step.deletions.contains(edit.file) else {
                kept.append(edit)
                continue
            }
            let url = workspace.appendingPathComponent(edit.file)
            guard let data = FileManager.default.contents(atPath: url.path),
                let made = edit.made(in: String(decoding: data, as: UTF8.self))
            else { continue }
            try PackageWriter.write(Data(made.utf8), to: url)
            kept.append(edit)
        }
        return kept
    }

    /// Checks that the learner's code meets the step's goal, saying what a met check says, and moves on.
    package func checkAndMoveOn(_ step: Step, with alternative: Alternative, surprises: inout [String])
        throws
    {
        let checked = try expect(
            0, from: ["check", "--json"], at: step.id, "the check accepts \(alternative.path)",
            surprises: &surprises)
        if surprises.isEmpty, !Self.reportsMet(step, in: checked) {
            surprises.append(
                "\(step.id): the check did not say '\(Self.metWord(step.kind))' of \(alternative.path):\n\(checked)"
            )
        }
        guard surprises.isEmpty else { return }
        _ = try expect(0, from: ["next"], at: step.id, "next moves on", surprises: &surprises)
    }
}
