import Foundation
import StepRunning
import WorkbookModel

/// `stages walk`.
struct WalkCommand: AuthorCommand {
    static let scratch = OptionDeclaration.value(
        "--scratch", "DIR", "where the packages are built (.build-stages/ unless you say)")
    static let jobs = OptionDeclaration.value(
        "--jobs", "N", "chapters walked at once, from 1 to 64 (one per core unless you say)")
    static let declaration = CommandDeclaration(
        "walk", "runs the steps and proves each shows what it must",
        options: WalkSelection.options + [scratch, jobs],
        discussion: """
            Runs every step (or one chapter's, one step, or from a step on), checks the chain, prints a line
            per step, and exits 1 if any step or link is wrong.
            """)

    let selection: WalkSelection
    let scratch: String?
    let jobs: Int?

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        selection = try WalkSelection(arguments)
        scratch = arguments.value(Self.scratch)
        guard let text = arguments.value(Self.jobs) else {
            jobs = nil
            return
        }
        guard let number = Int(text), (1...64).contains(number) else {
            throw .usage("--jobs takes a number of chapters to walk at once, from 1 to 64, not '\(text)'")
        }
        jobs = number
    }

    func run(in tool: StagesTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let swift = try SwiftToolchain.locate(environment: tool.environment)
        let scratchFolder = scratch.map(tool.resolve) ?? workbook.root.appendingPathComponent(".build-stages")
        let walk = Walk(
            workbook: workbook, runner: SwiftPMStepRunner(swift: swift, scratch: scratchFolder),
            print: tool.print, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        return try walk.run(selection).passed ? 0 : 1
    }
}
