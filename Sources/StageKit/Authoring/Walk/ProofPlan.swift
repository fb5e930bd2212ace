import Foundation
import StepRunning
import WorkbookModel

/// One proof of the chapters a run chose: which of them to prove, which the record already proves
/// unchanged, and the digests to record for those that pass.
package struct ProofPlan: Sendable {
    package var proof: String
    /// The chosen chapters' numbers, in order, and each one's digest as it is now.
    package var chapters: [Int]
    package var digests: [Int: String]
    /// Those the record proves as they are now, when only changed chapters are proven.
    package var unchanged: [Int]

    /// The chapters to prove: all chosen, or with `changedOnly` those whose digest is not recorded.
    package var pending: [Int] { chapters.filter { !unchanged.contains($0) } }

    package init(
        _ proof: String, chapters: [Chapter], of workbook: Workbook, toolchain: String, changedOnly: Bool
    ) throws(StageKitError) {
        let proof = proof + (Self.lane(of: toolchain).map { "@\($0)" } ?? "")
        self.proof = proof
        self.chapters = chapters.map(\.number)
        digests = Dictionary(
            chapters.map {
                ($0.number, ProofRecord.digest(of: proof, chapter: $0, in: workbook, toolchain: toolchain))
            }
        ) { first, _ in first }
        guard changedOnly else {
            unchanged = []
            return
        }
        let record = try ProofRecord.read(in: workbook.root)
        let digests = digests
        unchanged = self.chapters.filter {
            record.digests[ProofRecord.Key(proof, chapter: $0)] == digests[$0]
        }
    }

    /// The stand-in a toolchain runs through, by the line it adds to `swift --version` ("(through
    /// Tests/SwiftBuildToolchain: …)"), or nil for a toolchain as it is: a proof under a stand-in is a
    /// proof of its own, beside the same proof under the real toolchain.
    static func lane(of toolchain: String) -> String? {
        guard let start = toolchain.range(of: "(through Tests/") else { return nil }
        let name = toolchain[start.upperBound...].prefix { $0.isLetter || $0.isNumber }
        return name.isEmpty ? nil : String(name)
    }

    /// What to print before proving: the chapters left out, and whether any is left.
    package var skipped: String? {
        guard !unchanged.isEmpty else { return nil }
        return "\(proof): as proven in \(ProofRecord.path), unchanged since: chapter(s) "
            + unchanged.map(String.init).joined(separator: ", ")
    }

    /// Records `passed` (chapters of this plan that passed) in the workbook's record, and says so.
    package func record(passed: [Int], in root: URL) throws(StageKitError) -> String {
        guard !pending.isEmpty else { return "\(proof): nothing to record, no chosen chapter changed" }
        let proven = pending.filter(passed.contains)
        guard !proven.isEmpty else { return "recorded no chapter in \(ProofRecord.path): none passed" }
        var entries: [ProofRecord.Key: String] = [:]
        for chapter in proven { entries[ProofRecord.Key(proof, chapter: chapter)] = digests[chapter] }
        try ProofRecord.record(entries, in: root)
        return "recorded \(proof) of chapter(s) \(proven.map(String.init).joined(separator: ", ")) in"
            + " \(ProofRecord.path)"
    }
}

extension WalkSelection {
    /// The chapters the chosen steps are in, in order.
    package func chapters(in workbook: Workbook) throws(StageKitError) -> [Chapter] {
        var numbers: [Int] = []
        for (chapter, _) in try steps(in: workbook) where !numbers.contains(chapter.number) {
            numbers.append(chapter.number)
        }
        return numbers.compactMap(workbook.chapter)
    }
}

extension ForcedLines {
    /// `--forced` as the command runs it: all the chosen chapters, or with `changedOnly` those whose
    /// digest differs from the record; with `recording`, each chapter that passed is recorded.
    package func run(_ selection: WalkSelection, changedOnly: Bool, recording: Bool, toolchain: String)
        throws(StageKitError) -> Int32
    {
        let plan = try ProofPlan(
            "forced", chapters: selection.chapters(in: workbook), of: workbook, toolchain: toolchain,
            changedOnly: changedOnly)
        if let skipped = plan.skipped { print(skipped) }
        guard !plan.pending.isEmpty else {
            print("forced lines passed: no chosen chapter changed since its proof.")
            return 0
        }
        let report = try run(selection, chapters: Set(plan.pending))
        guard recording else { return report.passed ? 0 : 1 }
        let failed = Set(report.checked.filter { $0.problem != nil }.map(\.step.chapterNumber))
        let passed = report.stepProblems.isEmpty ? plan.pending.filter { !failed.contains($0) } : []
        print(try plan.record(passed: passed, in: workbook.root))
        return report.passed ? 0 : 1
    }
}

extension Walk {
    /// The walk as the command runs it with `--changed` or `--record`: the chosen chapters, or those
    /// whose digest differs from the record, with the chain of those it walks checked; with `recording`,
    /// each chapter whose steps all showed what they must, in a chain that holds, is recorded.
    package func run(_ selection: WalkSelection, changedOnly: Bool, recording: Bool, toolchain: String)
        throws(StageKitError) -> Int32
    {
        let plan = try ProofPlan(
            "walk", chapters: selection.chapters(in: workbook), of: workbook, toolchain: toolchain,
            changedOnly: changedOnly)
        if let skipped = plan.skipped { print(skipped) }
        let report = try run(selection, only: Set(plan.pending))
        guard recording else { return report.passed ? 0 : 1 }
        let failed = Set(report.mismatched.map(\.step.chapterNumber))
        let passed = report.chainProblems.isEmpty ? plan.pending.filter { !failed.contains($0) } : []
        print(try plan.record(passed: passed, in: workbook.root))
        return report.passed ? 0 : 1
    }
}
