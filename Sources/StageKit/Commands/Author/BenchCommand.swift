import StepRunning
import WorkbookAuthoring
import WorkbookModel

/// `stages bench`.
struct BenchCommand: AuthorCommand {
    static let declaration = CommandDeclaration(
        "bench", "times the walk against the naive walk (a fresh build per step)",
        options: WalkSelection.options)

    let selection: WalkSelection

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        selection = try WalkSelection(arguments)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let swift = try SwiftToolchain.locate(environment: tool.environment)
        let rows = try Benchmark(workbook: workbook, swift: swift, print: tool.print).run(selection)
        return rows.allSatisfy(\.sameOutcome) ? 0 : 1
    }
}
