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
        "--changed",
        "with --forced: only the chapters changed since \(ForcedRecord.path) recorded their proof")
    static let record = OptionDeclaration.flag(
        "--record", "with --forced: records each chapter that passes in \(ForcedRecord.path)")
    static let declaration = CommandDeclaration(
        "walk", "runs the steps and proves each shows what it must",
        options: WalkSelection.options + [scratch, jobs, forced, changed, record],
        discussion: """
            Runs every step (or one chapter's, one step, or from a step on), checks the chain, prints a line
            per step, and exits 1 if any step or link is wrong. With --forced, it takes back each change a
            chosen green step makes to its chapter's code (a declaration, or a run of lines it rewrites),
            one at a time, and exits 1 if every test still passes without one that its stage.md does not
            name with `unforced:` and a reason. --record then writes each chapter that passed, with a digest
            of its packages, reasons and toolchain, into \(ForcedRecord.path); --changed takes back only
            the changes of chapters whose digest is no longer the one recorded.
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
        if (isChanged || isRecorded) && !isForced {
            throw .usage("--changed and --record go with --forced")
        }
        if isRecorded && (selection.step != nil || selection.from != nil) {
            throw .usage("--record records whole chapters: choose them with --chapter, or none for all")
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
        if isForced {
            let forced = ForcedLines(workbook: workbook, runner: runner, print: tool.print, jobs: jobs)
            let toolchain = try SwiftVersion.ask(environment: tool.environment).printed
            return try forced.run(
                selection, changedOnly: isChanged, recording: isRecorded, toolchain: toolchain)
        }
        let walk = Walk(
            workbook: workbook, runner: runner, print: tool.print, jobs: jobs)
        return try walk.run(selection).passed ? 0 : 1
    }
}
