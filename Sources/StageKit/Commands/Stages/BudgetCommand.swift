import WorkbookModel
import WorkbookText

/// `stages budget`.
struct BudgetCommand: AuthorCommand {
    static let declaration = CommandDeclaration(
        "budget", "what each chapter asks: steps, words, lines typed, minutes",
        discussion:
            "The minutes are the estimate Chapters/README.md documents; a chapter over a slot's limits is named."
    )

    init(_ arguments: ParsedArguments) {}

    func run(in tool: StagesTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        for chapter in workbook.chapters {
            let budget = ChapterBudget(chapter, of: workbook)
            tool.print(budget.line)
            for problem in budget.problems { tool.print("  over: \(problem)") }
        }
        return 0
    }
}
