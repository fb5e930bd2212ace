import Foundation

extension FacilitatorPlan {
    /// The frame of a room's day around its slots, in minutes: what the plan's days say by the clock.
    package enum Day {
        /// 9:00.
        package static let starts = 9 * 60
        /// Joining the room, `workbook doctor` and `workbook start`: a guess no room has timed.
        package static let opening = 20
        /// Each break a slot names.
        package static let breakLength = 15
        package static let lunch = 60
        /// Each learner's one line on the day, and the room's questions.
        package static let closing = 20
    }

    /// One day of one or two slots by the clock, each time rounded up to five minutes: the opening,
    /// each slot with its breaks, lunch between two, and the closing.
    /// A later day opens with the room back together where its first slot begins.
    package static func clock(of slots: [NumberedSlot], laterDay: Bool = false) -> [String] {
        var now = Day.starts
        let opening =
            laterDay
            ? "the room back together, `workbook goto \(slots.first?.slot.from ?? "")` for whoever is behind"
            : "joining the room, `workbook doctor` and `workbook start`"
        var lines = ["\(time(now)): the opening: \(opening) (\(Day.opening) minutes)"]
        now += Day.opening
        for (index, numbered) in slots.enumerated() {
            if index > 0 {
                lines.append("\(time(now)): lunch (\(Day.lunch) minutes)")
                now += Day.lunch
            }
            let slot = numbered.slot
            let breaks = slot.breaks.count
            let end = roundedUp(now + Int(slot.minutes.rounded(.up)) + breaks * Day.breakLength)
            lines.append(
                "\(time(now)): slot \(numbered.number), steps \(slot.from) to \(slot.to), with "
                    + (breaks == 0
                        ? "no break"
                        : "\(breaks) break\(breaks == 1 ? "" : "s") of \(Day.breakLength) minutes")
                    + ", until about \(time(end))")
            now = end
        }
        lines.append(
            "\(time(now)): the closing: one line each on the day, round the room, and its questions"
                + " (\(Day.closing) minutes), until about \(time(now + Day.closing))")
        return lines.map { "  - " + $0 }
    }

    /// 545 → "9:05".
    static func time(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }

    static func roundedUp(_ minutes: Int) -> Int { (minutes + 4) / 5 * 5 }
}
