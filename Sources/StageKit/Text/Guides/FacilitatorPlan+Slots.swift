import Foundation
import WorkbookModel

/// What a step takes a room, by the estimate or, where enough learners of rooms given back met it,
/// by what they measured.
package struct RoomPace {
    package let workbook: Workbook
    /// The rooms given back to the workbook (`Rooms/`), or nil when it has none.
    package let measured: MeasuredMinutes?

    package init(_ workbook: Workbook, measured: MeasuredMinutes?) {
        self.workbook = workbook
        self.measured = measured
    }

    package func budget(of chapter: Chapter) -> ChapterBudget { ChapterBudget(chapter, of: workbook) }

    /// A step's minutes in a room: its slowest quarter as measured, or the estimate's.
    func cost(of step: ChapterBudget.StepCost) -> Double {
        if let figure = measured?.figure(of: step.id), figure.learners >= MeasuredMinutes.enoughLearners {
            return figure.slowestQuarter
        }
        return ChapterBudget.roomMinutes(of: step)
    }

    /// "Measured in rooms: the steps' medians add up to 61 minutes, their slowest quarters to 92, at
    /// least 12 learners a step."; nil when a step of the chapter has no measure.
    func measuredLine(of chapter: Chapter) -> String? {
        guard let figure = measured?.chapterFigure(of: chapter.steps.map(\.id)) else { return nil }
        return "Measured in rooms: the steps' medians add up to \(Int(figure.median.rounded())) minutes,"
            + " their slowest quarters to \(Int(figure.slowestQuarter.rounded())), at least"
            + " \(figure.learners) learner\(figure.learners == 1 ? "" : "s") a step."
    }
}

extension FacilitatorPlan {
    /// The minutes of a room's work a workshop slot holds: about three hours, less two breaks.
    static let slotMinutes = Double(ChapterBudget.Limits.minutes)

    /// A slot with less than this many minutes left ends with its chapter, rather than begin the next.
    static let roomToBegin = 30.0

    /// A slot has a break for each full stretch of this many minutes, at most two: twice in a full slot.
    static let breakEvery = 60.0

    /// No break comes in a slot's first or last this many minutes.
    static let breakMargin = 20.0

    /// Steps that end at a passing step (one that leaves the learner green) or at a chapter's end:
    /// where a slot or a break may end.
    package struct Run: Equatable {
        var from: String
        var to: String
        var minutes: Double
        var endsChapter: Bool
        var beginsChapter: Bool
    }

    struct Break: Equatable {
        var step: String
        /// Minutes into its slot.
        var minutes: Double
    }

    package struct Slot: Equatable {
        var from: String
        var to: String
        var minutes: Double
        var endsChapter: Bool
        var next: String?
        var breaks: [Break] = []
    }

    package static func slots(of workbook: Workbook) -> [Slot] {
        tracks(of: workbook, RoomPace(workbook, measured: nil)).flatMap(\.slots)
    }

    /// Each track's core chapters, in order, cut into slots (the deep dives are left out): the
    /// chapters of a chapter without a track make one list.
    static func tracks(of workbook: Workbook, _ pace: RoomPace) -> [(track: String?, slots: [Slot])] {
        let core = workbook.chapters.filter { !$0.isDeepDive }
        var names: [String?] = []
        for chapter in core where !names.contains(chapter.track) { names.append(chapter.track) }
        return names.map { name in (name, slots(of: core.filter { $0.track == name }, pace)) }
    }

    /// A chapter's steps as runs at a room's pace: its introduction with its first step, its debrief
    /// with its last.
    package static func runs(of chapter: Chapter, _ pace: RoomPace) -> [Run] {
        let budget = pace.budget(of: chapter)
        let opening = ChapterBudget.Room.introduction + budget.roomFrameMinutes
        var runs: [Run] = []
        var pending: (from: String, minutes: Double)?
        for (step, stepCost) in zip(chapter.steps, budget.steps) {
            let isLast = step.number == chapter.steps.count
            let cost =
                pace.cost(of: stepCost) + (step.number == 1 ? opening : 0)
                + (isLast ? ChapterBudget.Room.debrief : 0)
            pending = (pending?.from ?? step.id, (pending?.minutes ?? 0) + cost)
            guard !step.kind.fails || isLast, let run = pending else { continue }
            runs.append(
                Run(
                    from: run.from, to: step.id, minutes: run.minutes, endsChapter: isLast,
                    beginsChapter: runs.isEmpty))
            pending = nil
        }
        return runs
    }

    /// The chapters' runs in order, cut into slots of at most `slotMinutes` each, every slot ending
    /// after a run. A chapter that does not fit whole in a slot with less than `roomToBegin` minutes
    /// left begins a slot of its own; otherwise a slot goes on into the next chapter as far as it has
    /// room. Each slot then names its breaks.
    package static func slots(of chapters: [Chapter], _ pace: RoomPace) -> [Slot] {
        var slots: [[Run]] = []
        var current: [Run] = []
        for chapter in chapters {
            let runs = runs(of: chapter, pace)
            let whole = runs.map(\.minutes).reduce(0, +)
            for run in runs {
                let open = current.map(\.minutes).reduce(0, +)
                let full =
                    run.beginsChapter
                    ? open > slotMinutes - roomToBegin && open + whole > slotMinutes
                    : open + run.minutes > slotMinutes
                if !current.isEmpty, full || open + run.minutes > slotMinutes {
                    slots.append(current)
                    current = []
                }
                current.append(run)
            }
        }
        if !current.isEmpty { slots.append(current) }
        return slots.enumerated().map { index, runs in
            Slot(
                from: runs[0].from, to: runs[runs.count - 1].to, minutes: runs.map(\.minutes).reduce(0, +),
                endsChapter: runs[runs.count - 1].endsChapter,
                next: index + 1 < slots.count ? slots[index + 1][0].from : nil, breaks: breaks(in: runs))
        }
    }

    /// Where a slot's room breaks: twice in a full slot, once in a slot of one to two hours, never in a
    /// shorter one; each after the passing step nearest a third (or the half) of its minutes, and none
    /// in its first or last `breakMargin` minutes, where the room has just begun or is about to stop.
    static func breaks(in runs: [Run]) -> [Break] {
        let total = runs.map(\.minutes).reduce(0, +)
        var ends: [Break] = []
        var elapsed = 0.0
        for run in runs.dropLast() {
            elapsed += run.minutes
            ends.append(Break(step: run.to, minutes: elapsed))
        }
        let allowed = ends.filter { $0.minutes >= breakMargin && $0.minutes <= total - breakMargin }
        let count = min(2, Int(total / breakEvery))
        var breaks: [Break] = []
        for part in stride(from: 1, through: count, by: 1) {
            let aim = total * Double(part) / Double(count + 1)
            let later = allowed.filter { $0.minutes > (breaks.last?.minutes ?? 0) }
            guard let nearest = later.min(by: { abs($0.minutes - aim) < abs($1.minutes - aim) }) else {
                continue
            }
            breaks.append(nearest)
        }
        return breaks
    }
}
