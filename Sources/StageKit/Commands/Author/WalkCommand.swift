import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel

/// `stages walk`.
struct WalkCommand: AuthorCommand {
    static let scratch = OptionDeclaration.value(
        "--scratch", "DIR", "where the packages are built (.build-stages/ unless you say)")
    static let jobs = OptionDeclaration.value(
        "--jobs", "N", "chapters walked at once, from 1 to 64 (one per core unless you say)")
    static let forced = OptionDeclaration.flag(
        "--forced",
        "takes back each change of the green steps' code, one at a time, and shows a test needs it")
    static let changed = OptionDeclaration.flag(
        "--changed", "only the chosen chapters changed since \(ProofRecord.path) recorded their proof")
    static let record = OptionDeclaration.flag(
        "--record", "records each chosen chapter that passes in \(ProofRecord.path)")
    static let declaration = CommandDeclaration(
        "walk", "runs the steps and proves each shows what it must",
        options: WalkSelection.options + [scratch, jobs, forced, changed, record],
        discussion: """
            Runs every step (or one chapter's, one step, or from a step on), checks the chain, prints a line
            per step, and exits 1 if any step or link is wrong. With --forced, it takes back each change a
            chosen green step makes to its chapter's code (a declaration, or a run of lines it rewrites),
            one at a time, and exits 1 if every test still passes without one that its stage.md does not
            name with `unforced:` and a reason. --record writes each chapter that passed (the walk, or its
            forced lines) into \(ProofRecord.path), with a digest of all the proof depends on: the chapter's
            files and those of the chapter it continues, the tools' sources and the toolchain; --changed
            proves only the chapters whose digest is no longer the one recorded.
            """)

    let selection: WalkSelection
    let scratch: String?
    let jobs: Int?
    let isForced: Bool
    let isChanged: Bool
    let isRecorded: Bool

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        selection = try WalkSelection(arguments)
        scratch = arguments.value(Self.scratch)
        isForced = arguments.isSet(Self.forced)
        isChanged = arguments.isSet(Self.changed)
        isRecorded = arguments.isSet(Self.record)
        if (isChanged || isRecorded) && (selection.step != nil || selection.from != nil) {
            throw .usage(
                "--changed and --record prove whole chapters: choose them with --chapter, or none for all")
        }
        guard let text = arguments.value(Self.jobs) else {
            jobs = nil
            return
        }
        guard let number = Int(text), (1...64).contains(number) else {
            throw .usage("--jobs takes a number of chapters to walk at once, from 1 to 64, not '\(text)'")
        }
        jobs = number
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let swift = try SwiftToolchain.locate(environment: tool.environment)
        let scratchFolder = scratch.map(tool.resolve) ?? workbook.root.appendingPathComponent(".build-stages")
        let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let runner = SwiftPMStepRunner(swift: swift, scratch: scratchFolder)
        let toolchain = try SwiftVersion.ask(environment: tool.environment).printed
        if isForced {
            let forced = ForcedLines(workbook: workbook, runner: runner, print: tool.print, jobs: jobs)
            return try forced.run(
                selection, changedOnly: isChanged, recording: isRecorded, toolchain: toolchain)
        }
        let walk = Walk(workbook: workbook, runner: runner, print: tool.print, jobs: jobs)
        guard isChanged || isRecorded else { return try walk.run(selection).passed ? 0 : 1 }
        return try walk.run(selection, changedOnly: isChanged, recording: isRecorded, toolchain: toolchain)
    }
}
