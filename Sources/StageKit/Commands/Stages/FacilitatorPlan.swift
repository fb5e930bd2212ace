import Foundation
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// The part of the facilitator's guide (FACILITATOR.md) that is made from the chapters: each chapter's
/// minutes for one learner and for a room, measured minutes where rooms gave their reports back
/// (`Rooms/`), where to break, its challenge for those ahead, the mistakes the room will make there
/// with what to say; then the slots a day is made of, and the days made of slots. The rest of the
/// guide is written by hand around it.
enum FacilitatorPlan {
    static let section = GeneratedSection(
        path: "FACILITATOR.md", what: "its plan of the chapters",
        begin:
            "<!-- The plan: made by Scripts/render-chapters from Chapters/; edit those, not this plan. -->",
        end: "<!-- End of the plan. -->", lines: lines)

    static func lines(_ workbook: Workbook) throws(StageKitError) -> [String] {
        let pace = try RoomPace(workbook)
        var out: [String] = []
        for chapter in workbook.chapters {
            out += chapterLines(chapter, pace)
        }
        let slots = Self.slots(of: workbook, pace)
        out += ["", "### The slots", ""]
        out += slots.enumerated().map { index, slot in
            "\(index + 1). \(slot.from) to \(slot.to), about \(Int(slot.minutes.rounded(.up))) minutes in a room"
                + (slot.endsChapter
                    ? "."
                    : ": stop after \(slot.to), a passing step; the next slot begins at \(slot.next ?? "")"
                        + " (`workbook goto \(slot.next ?? "")` brings a learner who is behind there, with the"
                        + " workbook's code and a copy of their own).")
                + (slot.endsChapter
                    ? " Ahead: the challenge of chapter \(StepID(slot.to)?.chapter ?? 0)."
                    : " Ahead: go on from \(slot.next ?? "").")
        }
        out += ["", "### Days made of slots", ""]
        out += days(slots)
        let deepDives = workbook.chapters.filter(\.isDeepDive).map {
            "chapter \($0.number) (about \(pace.budget(of: $0).roomMinutes) minutes in a room)"
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

    static func chapterLines(_ chapter: Chapter, _ pace: RoomPace) -> [String] {
        let budget = pace.budget(of: chapter)
        var out = [
            "", "### Chapter \(chapter.number): \(chapter.title)", "",
            "\(chapter.track.map { "Track: \($0). " } ?? "")"
                + (chapter.isDeepDive
                    ? "A deep dive, beyond the tutorial's path: a room may skip it. " : "Core. ")
                + "\(budget.steps.count) steps, \(budget.words) words to read, \(budget.typedLines) lines to type"
                + (budget.givenLines > 0 ? ", \(budget.givenLines) lines of given code to read" : "")
                + ". One learner: about \(budget.minutes) minutes by the estimate; a room: about"
                + " \(budget.roomMinutes), its introduction and debrief included."
                + (pace.measuredLine(of: chapter).map { " " + $0 } ?? "")
                + " Its text: [\(chapter.readmePath)](\(chapter.readmePath)).",
        ]
        let breaks = breakPoints(of: chapter, pace)
        if breaks.isEmpty {
            out += ["", "Breaks: none inside it; a room breaks after its last step."]
        } else {
            out += [
                "",
                "Breaks, each after a passing step: "
                    + breaks.map { "after \($0.step), about \(Int($0.minutes.rounded())) minutes in" }
                    .joined(separator: "; ") + ".",
            ]
        }
        if let ending = chapter.ending {
            out += ["", "Its objectives, the key points its ending asks about:", ""]
            out += ending.keyPoints.map { "- \($0)" }
            out += [
                "",
                "For whoever is ahead, its challenge: "
                    + ending.challenge.split(separator: "\n").joined(separator: " "),
            ]
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
        return out
    }

    /// Where a room breaks in a chapter of more than `breakEvery` minutes: after the passing step
    /// where the next run of steps would take the time since the last break past it.
    static let breakEvery = 75.0

    static func breakPoints(of chapter: Chapter, _ pace: RoomPace) -> [(step: String, minutes: Double)] {
        let budget = pace.budget(of: chapter)
        guard Double(budget.roomMinutes) > breakEvery else { return [] }
        var breaks: [(step: String, minutes: Double)] = []
        var elapsed = ChapterBudget.Room.introduction + pace.frame(of: budget)
        var sinceBreak = elapsed
        var run = 0.0
        var last: String?
        for (stage, step) in zip(chapter.stages, budget.steps) {
            run += pace.cost(of: step)
            guard stage.kind != .red || stage.number == chapter.stages.count else { continue }
            if sinceBreak + run > breakEvery, let last, sinceBreak >= breakEvery / 2 {
                breaks.append((last, elapsed))
                sinceBreak = 0
            }
            elapsed += run
            sinceBreak += run
            run = 0
            last = stage.id
        }
        return breaks
    }

    /// The plans a facilitator picks from, each a run of slots from the first.
    static func days(_ slots: [Slot]) -> [String] {
        let plans = [("Half a day", 1), ("A day", 2), ("Two days", 4)]
        return plans.compactMap { name, count in
            guard count <= slots.count else { return nil }
            let last = slots[count - 1]
            let next =
                count < slots.count
                ? " A quick room goes on into slot \(count + 1), from \(slots[count].from)." : ""
            let which = count == 1 ? "slot 1" : count == 2 ? "slots 1 and 2" : "slots 1 to \(count)"
            return "- **\(name)** (\(which)): steps \(slots[0].from)"
                + " to \(last.to).\(next)"
        }
    }
}
