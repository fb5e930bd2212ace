import Foundation
import StepJudging
import StepRunning
import WorkbookModel

/// `stages record C.S --from DIR`: writes a step's folder from a package an author has edited (a
/// checked-out step, say), keeping only the files that differ from the package before the step, and
/// the files it no longer has as `delete:` lines. A red step is run, and its expectations are written
/// from what it shows. A number one past the chapter's last step appends a step.
package struct StepRecorder {
    let workbook: Workbook
    /// What runs a red step to see what it shows; made only when a red is recorded.
    package let runner: () throws(StageKitError) -> any StepRunner

    package init(workbook: Workbook, runner: @escaping () throws(StageKitError) -> any StepRunner) {
        self.workbook = workbook
        self.runner = runner
    }

    package func record(
        _ chapter: Chapter, number: Int, from folder: URL, kind: StepKind?, title: String?
    ) throws(StageKitError) -> String {
        let existing = chapter.step(number)
        guard existing != nil || number == chapter.steps.count + 1 else {
            throw .usage(
                "chapter \(chapter.number) has \(chapter.steps.count) steps: record one of them, or"
                    + " \(StepID(chapter: chapter.number, step: chapter.steps.count + 1)) to add one")
        }
        let mine = try StepFolder.packageFiles(of: chapter, in: folder)
        let before =
            existing.map { workbook.tree(before: $0, in: chapter) } ?? workbook.finalTree(of: chapter)
        let changes = FileTree(mine.files.filter { before.files[$0.key] != $0.value })
        let deletions = before.paths.filter { mine.files[$0] == nil }
        guard !changes.files.isEmpty || !deletions.isEmpty else {
            throw .usage(
                "\(folder.path) holds the package before step \(StepID(chapter: chapter.number, step: number)): there is nothing to record"
            )
        }
        let kind = kind ?? existing?.kind
        guard let kind, let title = title ?? existing?.title else {
            throw .usage("a new step needs --kind red|green|refactor|test and --title")
        }
        var header = ["kind: \(kind.rawValue)", "title: \(title)"]
        if kind.fails {
            header += try expectation(
                of: before.overlaid(with: changes), deleting: deletions, in: chapter, number)
        }
        header += deletions.map { "delete: \($0)" }

        let folderName =
            existing?.folderName ?? Step.folderName(number: number, slug: StepFolder.slug(title))
        let stepFolder = StepFolder(workbook, chapter, folderName: folderName)
        let body = "Say what this step teaches, what to write, and what the learner will see.\n"
        let text = (try? stepFolder.text()) ?? "---\n---\n" + body
        let keys: Set<String> = [
            "kind", "title", "expect", "diagnostic", "warning", "failing", "message", "delete",
        ]
        try PackageWriter.write(
            Data(StepFolder.replacing(keys, with: header, in: text).utf8), to: stepFolder.header)
        try stepFolder.writeFiles(changes)
        return StepID(chapter: chapter.number, step: number).description
    }

    /// What a red step shows, as the header lines that expect it: its compiler errors, or its failing
    /// tests with their messages.
    private func expectation(
        of tree: FileTree, deleting deletions: [String], in chapter: Chapter, _ number: Int
    )
        throws(StageKitError) -> [String]
    {
        var files = tree.files
        for path in deletions { files[path] = nil }
        let package = StepPackage.files(for: chapter, tree: FileTree(files))
        switch try runner().run(
            package, of: chapter, stepID: StepID(chapter: chapter.number, step: number).description)
        {
        case .compileError(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error && $0.line != nil }
            return ["expect: compile-error"]
                + StepRefresh.lines(for: errors + OutcomeMatcher.followUpWarnings(in: diagnostics))
        case .tested(let run, _) where !run.finished:
            // Tests run in parallel: only a lone unfinished test is surely the one that trapped.
            guard run.unfinished.count == 1, let test = run.unfinished.first else {
                throw .usage(
                    "step \(StepID(chapter: chapter.number, step: number)): the test process stopped while "
                        + (run.unfinished.isEmpty
                            ? "no test ran" : run.unfinished.map(\.id).joined(separator: ", ") + " ran")
                        + "; write its stage.md by hand, 'expect: crash' with the 'failing:' test that traps")
            }
            // A trap's own words, when it printed any ("Fatal error: …"); never an address.
            let fatal = run.crashReport.lazy.compactMap { line in
                line.range(of: "Fatal error: ").map { String(line[$0.upperBound...]) }
            }.first
            return ["expect: crash"] + StepRefresh.lines(for: test).prefix(1)
                + (fatal.map { ["message: \($0)"] } ?? [])
        case .tested(let run, _) where !run.failed.isEmpty:
            return ["expect: test-failure"] + run.failed.flatMap(StepRefresh.lines(for:))
        case .tested:
            throw .usage(
                "step \(StepID(chapter: chapter.number, step: number)) passes every test: a red step must fail; record it as green, refactor or test"
            )
        case .timedOut(let what, let seconds, _):
            throw .usage(
                "step \(StepID(chapter: chapter.number, step: number)): \(what) ran past \(seconds) s; nothing was recorded"
            )
        }
    }
}
