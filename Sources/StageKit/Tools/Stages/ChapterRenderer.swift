import Foundation

/// Makes the chapter text a learner reads from the chapter's header and stages, so that the code in
/// the text is the code the walk ran.
public enum ChapterRenderer {
    public static func render(_ chapter: Chapter, of workbook: Workbook) -> String {
        var out: [String] = [
            "<!-- Made by Scripts/render-chapters from chapter.md and stages/: edit those, not this file. -->",
            "",
            "# Chapter \(chapter.number): \(chapter.title)",
            "",
            chapter.intro,
            "",
            "## Where you start",
            "",
        ]
        out.append(
            "Run `swift run workbook start \(chapter.number)` in the workbook's folder: it writes the chapter's"
                + " starting package into `Workspace/` (keeping a copy of anything already there) and shows the"
                + " first step. Work in `Workspace/`; `swift run workbook check` tells you whether a step's goal"
                + " is met, and `swift run workbook next` moves on.")
        out.append("")
        if let previous = chapter.continues.flatMap(workbook.chapter) {
            out.append(
                "That package is where chapter \(previous.number) (\(previous.title)) ended, with its module"
                    + " renamed `\(chapter.module)`.")
            out.append("")
        }
        if !chapter.start.files.isEmpty {
            out.append("The chapter gives you these files:")
            out.append("")
            out += codeBlocks(for: chapter.start, paths: chapter.start.paths)
        }
        out.append(
            "To compare with the workbook's own package after any step N, `Scripts/checkout-stage"
                + " \(chapter.number).N --into Workspace-reference` writes it beside yours.")
        out.append("")

        for stage in chapter.stages {
            out += section(for: stage)
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func section(for stage: Stage) -> [String] {
        var out = ["## Step \(stage.id) \(stage.kind.symbol) \(stage.title)", ""]
        if let milestone = stage.milestone {
            out += ["*\(stage.kind.rawValue.capitalized) step, milestone \(milestone).*", ""]
        } else {
            out += ["*\(stage.kind.rawValue.capitalized) step.*", ""]
        }
        out += [stage.text, ""]
        for path in stage.deletions {
            out += ["Delete `\(path)`.", ""]
        }
        out += codeBlocks(for: stage.changes, paths: stage.changes.paths)
        out += ["Run `swift test`. " + seen(stage.expectation), ""]
        out += expectationLines(stage.expectation)
        out += hintLines(stage.hints)
        return out
    }

    /// What a learner will see, beyond the sentence `seen` says: the errors, or the failing tests.
    static func expectationLines(_ expectation: StageExpectation) -> [String] {
        switch expectation {
        case .compileError(let diagnostics):
            return ["```text"] + diagnostics.map { "\($0.file.map { "\($0): " } ?? "")error: \($0.message)" }
                + ["```", ""]
        case .testFailure(let failures):
            return failures.map { "- `\($0.test)`" + ($0.message.map { ": \($0)" } ?? "") } + [""]
        case .green:
            return []
        }
    }

    static func hintLines(_ hints: [String]) -> [String] {
        hints.enumerated().flatMap { index, hint in
            ["<details><summary>Hint \(index + 1)</summary>", "", hint, "", "</details>", ""]
        }
    }

    static func seen(_ expectation: StageExpectation) -> String {
        switch expectation {
        case .compileError(let diagnostics):
            return diagnostics.count == 1
                ? "It does not compile, and the compiler says why:"
                : "It does not compile, and the compiler says why, in these \(diagnostics.count) ways:"
        case .testFailure(let failures):
            return failures.count == 1
                ? "It compiles, and this test fails:" : "It compiles, and these \(failures.count) tests fail:"
        case .green:
            return "Every test passes."
        }
    }

    static func codeBlocks(for tree: FileTree, paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            let text = tree.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
            let language = path.hasSuffix(".swift") ? "swift" : (path.hasSuffix(".json") ? "json" : "text")
            let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
            return ["`\(path)`:", "", "```\(language)", body, "```", ""]
        }
    }
}
