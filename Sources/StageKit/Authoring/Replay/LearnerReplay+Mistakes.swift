import Foundation
import StepRunning
import WorkbookModel

extension LearnerReplay {
    /// Makes the chapters' written-down mistakes as a learner would: at the mistake's step, the package
    /// as it is after the step (`goto`, then the step's files typed), the mistake made in it, and a
    /// check that must refuse it, saying what the mistake's `shows:` says. Any other answer is a
    /// surprise. Returns the surprises (none: every mistake was refused).
    package func runMistakes(chapters: [Chapter]) throws -> [String] {
        var surprises: [String] = []
        let started = Date()
        var count = 0
        for chapter in chapters where !chapter.mistakes.isEmpty {
            var started: [String] = []
            _ = try expect(
                0, from: ["start", "\(chapter.number)", "--force"], at: "start \(chapter.number)",
                "start works", surprises: &started)
            for surprise in started { print("   \(surprise)") }
            surprises += started
            for mistake in chapter.mistakes {
                count += 1
                surprises += try make(mistake, in: chapter)
            }
        }
        let seconds = String(format: "%.0f", Date().timeIntervalSince(started))
        guard count > 0 else {
            print("No mistakes are written down for these chapters: no file in a mistakes/ folder.")
            return surprises
        }
        print(
            surprises.isEmpty
                ? "mistakes refused: all \(count), in \(seconds) s."
                : "mistakes FAILED: \(surprises.count) surprise(s) in \(count) mistakes, \(seconds) s.")
        return surprises
    }

    /// Whether a check's output shows what the mistake's `shows:` line says: its words, or, from a
    /// toolchain that words things otherwise, every name it puts in quotes (a line that quotes none
    /// must then be shown as it is: a test's name, the expression Swift Testing expands).
    package func shows(_ mistake: Mistake, in output: String) -> Bool {
        if output.contains(mistake.shows) { return true }
        let names = Names.quoted(in: mistake.shows)
        return otherWording && !names.isEmpty && names.allSatisfy { output.contains("'\($0)") }
    }

    package func make(_ mistake: Mistake, in chapter: Chapter) throws -> [String] {
        var surprises: [String] = []
        let clock = Date()
        guard let step = chapter.steps.first(where: { $0.id == mistake.step }) else {
            throw StageKitError.malformed(
                path: mistake.path, line: nil,
                problem: "chapter \(chapter.number) has no step \(mistake.step)")
        }
        _ = try expect(
            0, from: ["goto", step.id, "--yes"], at: step.id, "goto works", surprises: &surprises)
        try type(step)
        let made = try mistake.applied(to: FileTree.read(from: workspace).files)
        for (path, data) in made {
            try PackageWriter.write(data, to: workspace.appendingPathComponent(path))
        }
        let checked = try expect(
            1, from: ["check"], at: step.id, "the check refuses \(mistake.path)", surprises: &surprises)
        if surprises.isEmpty, !shows(mistake, in: checked) {
            surprises.append(
                "\(step.id): the check refused \(mistake.path) without '\(mistake.shows)':\n\(checked)")
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(clock))
        print("\(step.id)  \(surprises.isEmpty ? "refused" : "SURPRISE")  \(seconds) s  \(mistake.title)")
        for surprise in surprises { print("   \(surprise)") }
        return surprises
    }
}
