import WorkbookModel
import WorkbookText

/// A learner writes their own code at a green step and chooses its names; the workbook's copy of a
/// later red's test then calls that code by the names the workbook chose. So a name a green step
/// declares that a later test uses must be given where it is chosen: in the green's text, goal or
/// hints, or in those of the red it answers, or in that red's test, which the learner's code must pass. Otherwise a learner who chose another name meets the
/// green and is refused at the later step, for a name nothing told them (step 5.14's `url`, once).
package enum NamesGiven {
    /// A problem for each name a green step of the chapter declares, unnamed, that a later step's new
    /// test lines use, in this chapter or one that continues it; once per name, at its first use.
    package static func problems(in chapter: Chapter, of workbook: Workbook) -> [ChainProblem] {
        let chain = [chapter] + continuing(chapter, in: workbook)
        // Each step with its chapter, the package before and after it, and its new test lines' names.
        var steps: [(step: Step, chapter: Chapter, before: FileTree, after: FileTree, tested: Set<String>)] =
            []
        for member in chain {
            let trees = workbook.stepTrees(of: member)
            for (index, step) in member.steps.enumerated() {
                let (before, after) = (trees.before[index], trees.after[index])
                steps.append((step, member, before, after, newTestIdentifiers(before: before, after: after)))
            }
        }
        var problems: [ChainProblem] = []
        for (position, green) in steps.enumerated()
        where green.chapter.number == chapter.number && green.step.kind == .green {
            let chosen = declared(in: green.after)
                .subtracting(declared(in: green.before))
            guard !chosen.isEmpty else { continue }
            let reds = steps[..<position].reversed().prefix { $0.step.kind == .red }
            let given = reds.reduce(into: words(of: [green.step] + reds.map(\.step), in: green.chapter)) {
                $0.formUnion($1.tested)
            }
            var unnamed = chosen.filter { !given.contains($0) }
            for later in steps[(position + 1)...] where !unnamed.isEmpty {
                for name in unnamed.intersection(later.tested).sorted() {
                    problems.append(
                        ChainProblem(
                            subject: green.step.id,
                            problem:
                                "its code declares `\(name)`, which step \(later.step.id)'s test uses, yet its"
                                + " text, goal and hints (and its red's) never name it: a learner who chose"
                                + " another name is refused there; name it here"))
                    unnamed.remove(name)
                }
            }
        }
        return problems
    }

    /// The chapters that go on from this one's end, in order.
    static func continuing(_ chapter: Chapter, in workbook: Workbook) -> [Chapter] {
        var chain: [Chapter] = []
        var last = chapter.number
        while let next = workbook.chapters.first(where: { $0.continues == last }) {
            chain.append(next)
            last = next.number
        }
        return chain
    }

    /// The names the package's code (its library's, or with `Tests/` its tests' too) declares.
    static func declared(in tree: FileTree, under folders: [String] = ["Sources/"]) -> Set<String> {
        tree.files.filter { file in
            file.key.hasSuffix(".swift") && folders.contains { file.key.hasPrefix($0) }
        }.values.reduce(
            into: []
        ) { names, data in
            names.formUnion(SwiftMembers.declared(in: String(decoding: data, as: UTF8.self)))
        }
    }

    /// The words a learner has read when they write the green: the texts, goals and hints of the green
    /// and of the reds just before it (the one it answers, and a red before that one it carries on).
    static func words(of steps: [Step], in chapter: Chapter) -> Set<String> {
        let texts = steps.flatMap { step in [step.text, StepTexts.goal(of: step, in: chapter)] + step.hints }
        return texts.reduce(into: []) { words, text in words.formUnion(Names.identifiers(in: text)) }
    }

    /// The identifiers of the test lines a step adds.
    static func newTestIdentifiers(before: FileTree, after: FileTree) -> Set<String> {
        var identifiers: Set<String> = []
        for (path, data) in after.files where path.hasPrefix("Tests/") && path.hasSuffix(".swift") {
            guard before.files[path] != data else { continue }
            let old = before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
            let added = LineDiff.lines(old: old, new: String(decoding: data, as: UTF8.self)).compactMap {
                line -> String? in
                if case .added(let text) = line { return text }
                return nil
            }
            identifiers.formUnion(SwiftTokens.identifiers(in: added.joined(separator: "\n")))
        }
        return identifiers
    }
}

extension NamesGiven {
    /// A problem for each name a compile-error red's goal gives, that no code has yet, which its text
    /// does not give: `workbook` prints the text and the goal, not the test the chapter shows, so the
    /// text names what the next step must add (the goal's types that exist already need no naming).
    package static func goalNamesProblems(in chapter: Chapter, of workbook: Workbook) -> [ChainProblem] {
        let trees = workbook.stepTrees(of: chapter)
        return zip(chapter.steps, trees.before).flatMap { step, before -> [ChainProblem] in
            guard case .compileError(let diagnostics) = step.expectation else { return [] }
            let existing = declared(in: before.overlaid(with: step.changes), under: ["Sources/", "Tests/"])
            let words = Set(Names.identifiers(in: step.text))
            return diagnostics.names(in: chapter).filter {
                !existing.contains($0) && !words.contains($0) && !SwiftMembers.isKeyword($0)
            }.map {
                name in
                ChainProblem(
                    subject: step.id,
                    problem:
                        "its goal names '\(name)', which no code has yet and its text does not name: `workbook`"
                        + " prints the text and the goal, so name it in the text")
            }
        }
    }
}
