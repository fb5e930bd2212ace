import WorkbookModel
import WorkbookText

/// A learner writes their own code at a green or refactor step and chooses its names; the workbook's
/// copy of a later red's test then calls that code by the names the workbook chose. So a name such a
/// step declares that a later test uses must be given where it is chosen: in its text or goal, or
/// in those of the red it answers, or in that red's test, which the learner's code must pass. Otherwise a learner who chose another name meets the
/// green and is refused at the later step, for a name nothing told them (step 5.14's `url`, once).
package enum NamesGiven {
    /// A problem for each name a green or refactor step of the chapter declares, unnamed, that a later step's new
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
        for (position, written) in steps.enumerated()
        where written.chapter.number == chapter.number && written.step.kind.isLearnersCode {
            // What the workbook gives is written as it is, not chosen by the learner.
            let given = Set(steps[...position].flatMap(\.step.given))
            let declared = members(in: written.after, leaving: given)
            // A member that meets a protocol's requirement has the name the protocol chose.
            let required = Set(declared.filter(\.isRequirement).map(\.name))
            let chosen = declared.subtracting(members(in: written.before, leaving: given)).filter {
                $0.isRequirement || !required.contains($0.name)
            }
            guard !chosen.isEmpty else { continue }
            let reds = steps[..<position].reversed().prefix { $0.step.kind.fails }
            let read = texts(of: [written.step] + reds.map(\.step), in: written.chapter)
            let words = Set(Names.identifiers(in: read))
            let tested = reds.reduce(into: Set<String>()) { $0.formUnion($1.tested) }
            let twice = declaredTwice(chosen, types: Set(declared.filter(\.isType).map(\.qualified)))
            // A name the step declares in two of its types at once is given for each only where a
            // sentence says whose: the red's test uses it of one of them.
            let sentences = read.components(separatedBy: ". ").map { Set(Names.identifiers(in: $0)) }
            var unnamed = chosen.filter { member in
                guard twice.contains(member) else {
                    return !words.contains(member.name) && !tested.contains(member.name)
                }
                let owner = member.owner?.split(separator: ".").last.map(String.init) ?? ""
                return !sentences.contains { $0.contains(owner) && $0.contains(member.name) }
            }
            for later in steps[(position + 1)...] where !unnamed.isEmpty {
                let used = unnamed.filter { later.tested.contains($0.name) }
                for member in used.sorted(by: { $0.qualified < $1.qualified }) {
                    problems.append(
                        ChainProblem(
                            subject: written.step.id,
                            problem:
                                "its code declares `\(member.qualified)`, a name step \(later.step.id)'s test uses,"
                                + " yet its text and goal (and its red's) never name it: a learner who chose"
                                + " another name may be refused there; name it here"))
                }
                unnamed.subtract(used)
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

    /// What a learner has read when they write a green or a refactor, `workbook` printing it at each step: the texts
    /// and goals of that step and of the reds just before it (the one it answers, and a red before that
    /// one it carries on). Hints are asked for, not read by all: a name given only there is not given.
    static func texts(of steps: [Step], in chapter: Chapter) -> String {
        steps.flatMap { step in [step.text, StepTexts.goal(of: step, in: chapter)] }.joined(separator: "\n")
    }

    /// The members that share their name with another of the library's types' members, neither type
    /// inside the other: `DogsViewModel.loadDogs` and `DogService.loadDogs`. Not a protocol's
    /// requirement and the types that meet it, nor a member of a type the library only extends.
    static func declaredTwice(_ members: Set<SwiftMembers.Member>, types: Set<String>) -> Set<
        SwiftMembers.Member
    > {
        let candidates = members.filter { member in
            guard let owner = member.owner else { return false }
            return !member.isRequirement && types.contains(owner)
        }
        return Set(
            Dictionary(grouping: candidates, by: \.name).values.flatMap { same -> [SwiftMembers.Member] in
                let owners = same.compactMap(\.owner)
                let apart = owners.allSatisfy { one in
                    owners.allSatisfy { other in one == other || !(one + ".").hasPrefix(other + ".") }
                }
                return Set(owners).count > 1 && apart ? same : []
            })
    }

    /// The members the package's library declares, with their types, but in the files `leaving` names.
    static func members(in tree: FileTree, leaving given: Set<String> = []) -> Set<SwiftMembers.Member> {
        tree.files.filter { path, _ in
            path.hasPrefix("Sources/") && path.hasSuffix(".swift") && !given.contains(path)
        }.values.reduce(
            into: []
        ) { members, data in
            members.formUnion(SwiftMembers.members(in: String(decoding: data, as: UTF8.self)))
        }
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
