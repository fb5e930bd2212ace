import Foundation
import WorkbookModel

/// The part of the facilitator's guide (FACILITATOR.md) that is made from the chapters: each chapter's
/// minutes for one learner and for a room, measured minutes where rooms gave their reports back
/// (`Rooms/`), where to break, its challenge for those ahead, the mistakes the room will make there
/// with what to say; then the slots a day is made of, and the days made of slots. The rest of the
/// guide is written by hand around it.
package enum FacilitatorPlan {
    package static let begin =
        "<!-- The plan: made by Scripts/render-chapters from Chapters/; edit those, not this plan. -->"
    package static let end = "<!-- End of the plan. -->"

    /// A slot as the plan numbers it, from 1 across the tracks, with its track's name.
    package struct NumberedSlot {
        var number: Int
        var track: String?
        var slot: Slot
    }

    /// The plan's lines; `measured` is what the rooms given back measured, if any.
    package static func lines(_ workbook: Workbook, measured: MeasuredMinutes?) -> [String] {
        let pace = RoomPace(workbook, measured: measured)
        let tracks = Self.tracks(of: workbook, pace)
        var numbered: [NumberedSlot] = []
        for (track, slots) in tracks {
            for slot in slots {
                numbered.append(NumberedSlot(number: numbered.count + 1, track: track, slot: slot))
            }
        }
        var out: [String] = []
        for chapter in workbook.chapters {
            out += chapterLines(chapter, pace, numbered)
        }
        out += ["", "### The slots"]
        for (track, _) in tracks {
            out += ["", track.map { "Track: \($0)." } ?? "Every core chapter:", ""]
            out += numbered.filter { $0.track == track }.map(slotLine)
        }
        out += [
            "", "### Days made of slots", "",
            "Each day is a run of a track's slots from its first chapter, or from a later chapter that starts"
                + " from a package of its own, and ends at a passing step; by the clock, from"
                + " \(time(Day.starts)), with an hour's lunch between its two slots, a later day opening in"
                + " \(Day.laterOpening) minutes, and every day closed by \(time(Day.ends)):",
            "",
        ]
        let core = workbook.chapters.filter { !$0.isDeepDive }
        for (track, _) in tracks {
            let of = track.map { " of \($0)" } ?? ""
            out += days(numbered.filter { $0.track == track }, { "\($0)\(of)" }, numbered: true)
            for chapter in waysIn(core.filter { $0.track == track }) {
                let from = Self.slots(
                    of: core.filter { $0.track == track && $0.number >= chapter.number }, pace)
                let slots = from.enumerated().map { NumberedSlot(number: $0 + 1, track: track, slot: $1) }
                out += days(slots, { "\($0)\(of) from chapter \(chapter.number)" }, numbered: false)
            }
        }
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

    static func slotLine(_ numbered: NumberedSlot) -> String {
        let slot = numbered.slot
        let breaks =
            slot.breaks.isEmpty
            ? ""
            : "; break after "
                + slot.breaks.map { "\($0.step) (about \(Int($0.minutes.rounded())) minutes in)" }
                .joined(separator: " and after ")
        let end =
            slot.next.map { next in
                " It ends after \(slot.to), a passing step; the next slot begins at \(next)"
                    + (slot.endsChapter
                        ? " (`workbook start \(StepID(next)?.chapter ?? 0)`)."
                        : " (`workbook goto \(next)` brings a learner who is behind there, with the workbook's code and a copy of their own).")
            } ?? ""
        let ahead =
            slot.endsChapter
            ? " Ahead: the challenge of chapter \(StepID(slot.to)?.chapter ?? 0)."
            : " Ahead: go on from \(slot.next ?? "")."
        return
            "\(numbered.number). \(slot.from) to \(slot.to), about \(Int(slot.minutes.rounded(.up))) minutes in a room"
            + breaks + "." + end + ahead
    }

    static func chapterLines(_ chapter: Chapter, _ pace: RoomPace, _ numbered: [NumberedSlot])
        -> [String]
    {
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
        let breaks = breaks(in: chapter, pace, numbered)
        out += [
            "",
            breaks.isEmpty
                ? "Breaks: none inside it."
                : "Breaks, each after a passing step: " + breaks.joined(separator: "; ") + ".",
        ]
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
            out += [
                "",
                "Mistakes the room will make here, and what to say (what `workbook check` shows is in Swift"
                    + " 6.3's words; another release words it otherwise, with the same names in quotes):",
                "",
            ]
            for mistake in chapter.mistakes {
                let say = mistake.text.split(separator: "\n").joined(separator: " ")
                out.append(
                    "- Step \(mistake.step), \(mistake.title.lowercasedFirst) (`workbook check` shows `\(mistake.shows)`): \(say)"
                )
            }
        }
        return out
    }

    /// Where a room stops inside the chapter: the breaks and the ends of slots at its passing steps.
    /// A deep dive, outside the slots, is planned as a track of its own.
    package static func breaks(in chapter: Chapter, _ pace: RoomPace, _ numbered: [NumberedSlot]) -> [String]
    {
        let inChapter = { (step: String) in StepID(step)?.chapter == chapter.number }
        let last = chapter.steps.last?.id
        if chapter.isDeepDive {
            let slots = Self.slots(of: [chapter], pace)
            return slots.enumerated().flatMap { index, slot in
                slot.breaks.map {
                    "after \($0.step), about \(Int(($0.minutes).rounded())) minutes into its slot \(index + 1)"
                }
                    + (slot.to == last ? [] : ["after \(slot.to), the end of its slot \(index + 1)"])
            }
        }
        return numbered.flatMap { numbered in
            numbered.slot.breaks.filter { inChapter($0.step) }.map {
                "after \($0.step), about \(Int($0.minutes.rounded())) minutes into slot \(numbered.number)"
            }
                + (inChapter(numbered.slot.to) && numbered.slot.to != last
                    ? ["after \(numbered.slot.to), the end of slot \(numbered.number)"] : [])
        }
    }
}
