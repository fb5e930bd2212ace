import Foundation
import WorkbookModel

extension FacilitatorPlan {
    /// The frame of a room's day around its slots, in minutes: what the plan's days say by the clock.
    enum Day {
        /// 9:30.
        static let starts = 9 * 60 + 30
        /// Joining the room, `workbook doctor` and `workbook start`: a guess no room has timed.
        static let opening = 20
        /// A later day's: the room is set up, and gathers where its first slot begins.
        static let laterOpening = 10
        /// Each break a slot names.
        static let breakLength = 15
        /// Between a day's two slots.
        static let lunch = 60
        /// One line each on the day, round the room, and its questions.
        static let closing = 20
        /// 17:00: when every day's closing has ended, at the latest (a test holds the plan to it).
        static let ends = 17 * 60
    }

    /// The plans a facilitator picks from for a run of slots from a way in: half a day (its first
    /// slot), a day (two) and two days (four), each with its days by the clock.
    /// `numbered`: whether the slots are the plan's own, named by number.
    static func days(_ slots: [NumberedSlot], _ name: (String) -> String, numbered: Bool) -> [String] {
        let plans = [("Half a day", 1), ("A day", 2), ("Two days", 4)]
        return plans.flatMap { plan, count -> [String] in
            guard count <= slots.count else { return [] }
            let days = stride(from: 0, to: count, by: 2).map { Array(slots[$0..<min($0 + 2, count)]) }
            let which =
                !numbered
                ? ""
                : count == 1
                    ? " (slot \(slots[0].number))"
                    : count == 2
                        ? " (slots \(slots[0].number) and \(slots[1].number))"
                        : " (slots \(slots[0].number) to \(slots[count - 1].number))"
            let next =
                count < slots.count ? " A quick room goes on from \(slots[count].slot.from)." : ""
            return [
                "- **\(name(plan))**\(which): steps \(slots[0].slot.from) to \(slots[count - 1].slot.to).\(next)"
            ]
                + days.enumerated().flatMap { index, day in
                    (days.count > 1 ? ["  - Day \(index + 1):"] : [])
                        + clock(of: day, laterDay: index > 0).map { days.count > 1 ? "  " + $0 : $0 }
                }
        }
    }

    /// One day of one or two slots by the clock, each time rounded up to five minutes: the opening,
    /// each slot with its breaks, lunch between two, and the closing. A later day opens with the room
    /// back together where its first slot begins.
    static func clock(of slots: [NumberedSlot], laterDay: Bool = false) -> [String] {
        var now = Day.starts
        let opening =
            laterDay
            ? "the room back together, `workbook goto \(slots.first?.slot.from ?? "")` for whoever is behind"
            : "joining the room, `workbook doctor` and `workbook start`"
        let openingMinutes = laterDay ? Day.laterOpening : Day.opening
        var lines = ["\(time(now)): the opening: \(opening) (\(openingMinutes) minutes)"]
        now += openingMinutes
        for (index, numbered) in slots.enumerated() {
            if index > 0 {
                lines.append("\(time(now)): lunch (\(Day.lunch) minutes)")
                now += Day.lunch
            }
            let slot = numbered.slot
            let end = roundedUp(now + Int(slot.minutes.rounded(.up)) + slot.breaks.count * Day.breakLength)
            let breaks =
                slot.breaks.isEmpty
                ? "no break"
                : (slot.breaks.count == 1 ? "a break" : "breaks") + " of \(Day.breakLength) minutes after "
                    + slot.breaks.map(\.step).joined(separator: " and ")
            lines.append(
                "\(time(now)): steps \(slot.from) to \(slot.to), \(breaks), until about \(time(end))")
            now = end
        }
        lines.append(
            "\(time(now)): the closing: one line each on the day, round the room, and its questions"
                + " (\(Day.closing) minutes), until about \(time(now + Day.closing))")
        return lines.map { "  - " + $0 }
    }

    /// Where a room may begin a track other than its first chapter: a core chapter that starts from a
    /// package of its own, continuing none.
    static func waysIn(_ chapters: [Chapter]) -> [Chapter] {
        Array(chapters.dropFirst().filter { $0.continues == nil })
    }

    /// 545 → "9:05".
    static func time(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }

    static func roundedUp(_ minutes: Int) -> Int { (minutes + 4) / 5 * 5 }
}
