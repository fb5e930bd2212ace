import Foundation
import WorkbookModel
import WorkbookText

/// The part of the facilitator's guide (FACILITATOR.md) that is made from the chapters: each chapter's
/// minutes by the workbook's estimate, where a slot of a workshop ends in it, and the mistakes the room
/// will make there, with what to say; then the slots a day is made of. The rest of the guide is
/// written by hand around it.
enum FacilitatorPlan {
    /// The minutes of work a workshop slot holds (a slot is about three hours, breaks included).
    static let slotMinutes = Double(ChapterBudget.Limits.minutes)

    static let section = GeneratedSection(
        path: "FACILITATOR.md", what: "its plan of the chapters",
        begin:
            "<!-- The plan: made by Scripts/render-chapters from Chapters/; edit those, not this plan. -->",
        end: "<!-- End of the plan. -->", lines: lines)

    static func lines(_ workbook: Workbook) -> [String] {
        var out: [String] = []
        for chapter in workbook.chapters {
            let budget = ChapterBudget(chapter, of: workbook)
            out += [
                "", "### Chapter \(chapter.number): \(chapter.title)", "",
                "\(chapter.track.map { "Track: \($0). " } ?? "")"
                    + (chapter.isDeepDive
                        ? "A deep dive, beyond the tutorial's path: a room may skip it. " : "Core. ")
                    + "\(budget.steps.count) steps, \(budget.words) words"
                    + " to read, \(budget.typedLines) lines to type: about \(budget.minutes) minutes by the estimate."
                    + " Its text: [\(chapter.readmePath)](\(chapter.readmePath)).",
            ]
            if let ending = chapter.ending {
                out += ["", "Its objectives, the key points its ending asks about:", ""]
                out += ending.keyPoints.map { "- \($0)" }
            }
            if !chapter.mistakes.isEmpty {
                out += ["", "Mistakes the room will make here, and what to say:", ""]
                for mistake in chapter.mistakes {
                    let say = mistake.text.split(separator: "\n").joined(separator: " ")
                    out.append(
                        "- Step \(mistake.step), \(mistake.title.lowercasedFirst) (`workbook check` shows `\(mistake.shows)`): \(say)"
                    )
                }
            }
        }
        out += ["", "### The slots", ""]
        out += slots(of: workbook).enumerated().map { index, slot in
            "\(index + 1). \(slot.from) to \(slot.to), about \(Int(slot.minutes.rounded(.up))) minutes"
                + (slot.endsChapter
                    ? "."
                    : ": stop after \(slot.to), a passing step; the next slot begins at \(slot.next ?? "")"
                        + " (`workbook goto \(slot.next ?? "")` brings there a learner who is elsewhere).")
        }
        let deepDives = workbook.chapters.filter(\.isDeepDive).map {
            "chapter \($0.number) (about \(ChapterBudget($0, of: workbook).minutes) minutes)"
        }
        if !deepDives.isEmpty {
            out += [
                "",
                "The slots follow the core chapters. The deep dives, "
                    + deepDives.joined(separator: ", ")
                    + ", suit learners who finish early or go on alone: `workbook start N` begins one.",
            ]
        }
        return out + [""]
    }

    /// A slot that holds this many minutes already ends with its chapter, rather than inside the next.
    static let fullEnough = 60.0

    struct Slot: Equatable {
        var from: String
        var to: String
        var minutes: Double
        var endsChapter: Bool
        var next: String?
    }

    /// The core chapters' steps in order, cut into slots of at most `slotMinutes` each, every slot
    /// ending at a passing step (one that leaves the learner green) or at a chapter's end. A chapter
    /// that does not fit whole in a slot already `fullEnough` begins a slot of its own; otherwise a
    /// slot goes on into the next chapter as far as it has room.
    static func slots(of workbook: Workbook) -> [Slot] {
        var slots: [Slot] = []
        var current: Slot?
        for chapter in workbook.chapters where !chapter.isDeepDive {
            let budget = ChapterBudget(chapter, of: workbook)
            if var open = current, open.minutes >= fullEnough,
                open.minutes + Double(budget.minutes) > slotMinutes
            {
                open.next = chapter.stages.first?.id
                slots.append(open)
                current = nil
            }
            let frame = Double(budget.frameWords) / ChapterBudget.Pace.wordsPerMinute
            var pending: (from: String, minutes: Double)?
            for (stage, step) in zip(chapter.stages, budget.steps) {
                let cost = ChapterBudget.minutes(of: step) + (stage.number == 1 ? frame : 0)
                pending = (pending?.from ?? stage.id, (pending?.minutes ?? 0) + cost)
                // A slot may end only after a step that passes.
                let isLast = stage.number == chapter.stages.count
                guard stage.kind != .red || isLast, let run = pending else { continue }
                if var open = current, open.minutes + run.minutes <= slotMinutes {
                    open.to = stage.id
                    open.minutes += run.minutes
                    open.endsChapter = isLast
                    current = open
                } else {
                    if var open = current {
                        open.next = run.from
                        slots.append(open)
                    }
                    current = Slot(from: run.from, to: stage.id, minutes: run.minutes, endsChapter: isLast)
                }
                pending = nil
            }
        }
        if let open = current { slots.append(open) }
        return slots
    }
}
