import Foundation
import WorkbookAuthoring
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// `stages budget [--measured PATH]`.
struct BudgetCommand: AuthorCommand {
    static let measured = OptionDeclaration.value(
        "--measured", "PATH",
        "a room's report (workbook room report) or a folder of them: each step's measured minutes beside the estimate"
    )
    static let declaration = CommandDeclaration(
        "budget", "what each chapter asks: steps, words, lines typed, minutes",
        options: [measured],
        discussion:
            "The minutes are the estimate Chapters/README.md documents, for one learner and for a room; a"
            + " chapter over a slot's limits is named. With --measured, each step's minutes from arriving at"
            + " it to meeting it in the rooms recorded: the median and the slowest quarter, and how many"
            + " learners met it (those who left or went elsewhere first are left out).")

    let measuredPath: String?

    init(_ arguments: ParsedArguments) {
        measuredPath = arguments.value(Self.measured)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        var rooms: (minutes: MeasuredMinutes, reports: Int, learners: Int)?
        if let measuredPath {
            rooms = try RoomsGivenBack.load(tool.resolve(measuredPath), label: measuredPath)
        }
        if let rooms {
            tool.print(
                "Measured: \(rooms.reports) report\(rooms.reports == 1 ? "" : "s"), \(rooms.learners)"
                    + " learner\(rooms.learners == 1 ? "" : "s").")
        }
        for chapter in workbook.chapters {
            let budget = ChapterBudget(chapter, of: workbook)
            tool.print(budget.line)
            for problem in budget.problems { tool.print("  over: \(problem)") }
            guard let measured = rooms?.minutes else { continue }
            for step in budget.steps {
                tool.print("  \(step.id)  " + Self.stepLine(step, measured.figure(of: step.id)))
            }
            // The notes left at its steps, and at its end (one past its last step).
            let steps = budget.steps.map(\.id) + ["\(chapter.number).\(chapter.steps.count + 1)"]
            for step in steps {
                for note in measured.notes[step] ?? [] {
                    tool.print("  note at \(step): \(PlainText.printable(note))")
                }
            }
        }
        return 0
    }

    /// "estimate 4.2 minutes (5.5 in a room)  measured: median 3.0, slowest quarter 6.5, 12 learners".
    static func stepLine(_ step: ChapterBudget.StepCost, _ figure: MeasuredMinutes.Figure?) -> String {
        let estimate =
            "estimate \(tenths(ChapterBudget.minutes(of: step))) minutes"
            + " (\(tenths(ChapterBudget.roomMinutes(of: step))) in a room)"
        guard let figure else { return estimate + "  not measured" }
        return estimate
            + "  measured: median \(tenths(figure.median)), slowest quarter \(tenths(figure.slowestQuarter)),"
            + " \(figure.learners) learner\(figure.learners == 1 ? "" : "s")"
    }

    /// 4.25 → "4.3".
    static func tenths(_ minutes: Double) -> String {
        let tenths = Int((minutes * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
