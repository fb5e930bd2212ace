import Foundation
import WorkbookModel

/// The steps and chapters the workbook's texts name, each of which must exist: a step as
/// `StepReferences` reads it ("step 5.21", "steps 3.4 and 3.5", a line break anywhere between), and a
/// chapter as the split reads it ("chapter 6", "chapters 9 and 10", `workbook start 7`); of a range,
/// its two ends. A number that no such word names (Swift 6.2, SE-0466, a numbered list's "1.", the
/// slots' "1.1 to 2.10") is left alone. Every text a reader reads is looked at: each chapter's
/// introduction, recap and ending, each step's text and hints, each mistake, and the workbook's
/// README, facilitator's guide and the pages beside the chapters.
package enum TextReferences {
    /// The guides beside the chapters, which name steps and chapters too (not Chapters/README.md, the
    /// authors' guide, whose examples name steps and chapters to come).
    package static let guides = [
        "README.md", "FACILITATOR.md", "Chapters/FROM-XCTEST.md", "Chapters/PORTABILITY.md",
        "Rooms/README.md",
    ]

    /// A problem for each step or chapter a text names that the workbook does not have, once per text
    /// that names it.
    package static func problems(in workbook: Workbook) -> [ChainProblem] {
        var texts: [(subject: String, texts: [String])] = []
        for chapter in workbook.chapters {
            let ending = chapter.ending.map(Self.texts(of:)) ?? []
            texts.append(("chapter \(chapter.number)", [chapter.intro, chapter.recap ?? ""] + ending))
            texts += chapter.steps.map { ($0.id, [$0.text] + $0.hints) }
            texts += chapter.mistakes.map { ($0.path, [$0.title, $0.text]) }
            texts += chapter.alternatives.map { ($0.path, [$0.title, $0.text]) }
        }
        for guide in guides {
            let url = workbook.root.appendingPathComponent(guide)
            if let text = try? String(contentsOf: url, encoding: .utf8) { texts.append((guide, [text])) }
        }
        return texts.flatMap { subject, texts in
            missing(in: texts, of: workbook).map {
                ChainProblem(subject: subject, problem: "its text names \($0), which does not exist")
            }
        }
    }

    /// "step 1.7", "chapter 12": what these texts name that the workbook lacks, each once, in order.
    package static func missing(in texts: [String], of workbook: Workbook) -> [String] {
        var missing: [String] = []
        for text in texts {
            let steps = StepReferences.steps(in: text).filter {
                workbook.chapter($0.chapter)?.step($0.step) == nil
            }
            let chapters = StepReferences.chapters(in: text).filter { workbook.chapter($0) == nil }
            for name in steps.map({ "step \(StepID(chapter: $0.chapter, step: $0.step))" })
                + chapters.map({ "chapter \($0)" })
            where !missing.contains(name) {
                missing.append(name)
            }
        }
        return missing
    }

    /// What an ending gives a reader to read: its key points, its questions with their answers and
    /// why, and its challenge.
    package static func texts(of ending: ChapterEnding) -> [String] {
        ending.keyPoints
            + ending.questions.flatMap { [$0.text] + $0.choices.map(\.text) + [$0.why] }
            + [ending.challenge]
    }
}
