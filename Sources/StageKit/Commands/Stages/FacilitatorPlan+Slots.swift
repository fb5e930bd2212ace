import Foundation
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// What a step takes a room, by the estimate or, where enough learners of rooms given back met it,
/// by what they measured.
struct RoomPace {
    /// The learners a step's measure needs before it stands in for the estimate.
    static let measuredEnough = 5

    let workbook: Workbook
    /// The rooms given back to the workbook (`Rooms/`), or nil when it has none.
    let measured: MeasuredMinutes?

    init(_ workbook: Workbook) throws(StageKitError) {
        self.workbook = workbook
        let folder = workbook.root.appendingPathComponent(RoomsGivenBack.folder)
        if FileManager.default.fileExists(atPath: folder.path) {
            let rooms = try RoomsGivenBack.load(folder, label: RoomsGivenBack.folder)
            measured = rooms.minutes.isEmpty ? nil : rooms.minutes
        } else {
            measured = nil
        }
    }

    init(_ workbook: Workbook, measured: MeasuredMinutes?) {
        self.workbook = workbook
        self.measured = measured
    }

    func budget(of chapter: Chapter) -> ChapterBudget { ChapterBudget(chapter, of: workbook) }

    /// The chapter's text around its steps, read at a room's pace.
    func frame(of budget: ChapterBudget) -> Double {
        Double(budget.frameWords) / ChapterBudget.Pace.wordsPerMinute * ChapterBudget.Room.slowerLearners
    }

    /// A step's minutes in a room: its slowest quarter as measured, or the estimate's.
    func cost(of step: ChapterBudget.StepCost) -> Double {
        if let figure = measured?.figure(of: step.id), figure.learners >= Self.measuredEnough {
            return figure.slowestQuarter
        }
        return ChapterBudget.roomMinutes(of: step)
    }

    /// "Measured in rooms: the steps' medians add up to 61 minutes, their slowest quarters to 92, at
    /// least 12 learners a step."; nil when a step of the chapter has no measure.
    func measuredLine(of chapter: Chapter) -> String? {
        guard let figure = measured?.chapterFigure(of: chapter.stages.map(\.id)) else { return nil }
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

    struct Slot: Equatable {
        var from: String
        var to: String
        var minutes: Double
        var endsChapter: Bool
        var next: String?
    }

    static func slots(of workbook: Workbook) -> [Slot] {
        slots(of: workbook, RoomPace(workbook, measured: nil))
    }

    /// The core chapters' steps in order, at a room's pace, cut into slots of at most `slotMinutes`
    /// each, every slot ending at a passing step (one that leaves the learner green) or at a chapter's
    /// end. A chapter that does not fit whole in a slot with less than `roomToBegin` minutes left begins
    /// a slot of its own; otherwise a slot goes on into the next chapter as far as it has room.
    static func slots(of workbook: Workbook, _ pace: RoomPace) -> [Slot] {
        var slots: [Slot] = []
        var current: Slot?
        for chapter in workbook.chapters where !chapter.isDeepDive {
            let budget = pace.budget(of: chapter)
            if var open = current, open.minutes > slotMinutes - roomToBegin,
                open.minutes + Double(budget.roomMinutes) > slotMinutes
            {
                open.next = chapter.stages.first?.id
                slots.append(open)
                current = nil
            }
            let opening = ChapterBudget.Room.introduction + pace.frame(of: budget)
            var pending: (from: String, minutes: Double)?
            for (stage, step) in zip(chapter.stages, budget.steps) {
                let isLast = stage.number == chapter.stages.count
                let cost =
                    pace.cost(of: step) + (stage.number == 1 ? opening : 0)
                    + (isLast ? ChapterBudget.Room.debrief : 0)
                pending = (pending?.from ?? stage.id, (pending?.minutes ?? 0) + cost)
                // A slot may end only after a step that passes.
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
