import ChildProcesses
import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel

/// `stages replay --workbook PATH`.
struct ReplayCommand: AuthorCommand {
    static let tool = OptionDeclaration.required("--workbook", "PATH", "the built workbook to drive")
    static let chapter = OptionDeclaration.value(
        "--chapter", "C", "only chapter C, or the chapters of a list: 1,2,5 (CI runs two lists at once)")
    static let mistakes = OptionDeclaration.flag(
        "--mistakes", "make each mistake written in the chapters' mistakes/ folders instead")
    static let alternatives = OptionDeclaration.flag(
        "--alternatives", "write each learner's variant of the chapters' alternatives/ folders instead")
    static let otherWording = OptionDeclaration.flag(
        "--other-wording",
        "the toolchain words its messages otherwise: a mistake's shows: line is looked for by its names")
    static let changed = OptionDeclaration.flag(
        "--changed", "only the chosen chapters changed since \(ProofRecord.path) recorded this replay")
    static let record = OptionDeclaration.flag(
        "--record", "records each chosen chapter whose replay passes in \(ProofRecord.path)")
    static let declaration = CommandDeclaration(
        "replay", "plays the chapters as a learner would, through the built workbook",
        options: [tool, chapter, mistakes, alternatives, otherWording, changed, record],
        discussion: """
            Exits 1 at any surprise (Scripts/replay-learner builds the workbook and passes it). With
            --mistakes, each mistake is made at its step, and it exits 1 unless the check refuses every one
            as its file says. With --alternatives, each alternative is written at its step and kept through
            the later steps while its code lasts, and it exits 1 unless every check accepts it. --record
            writes each chapter whose replay passed into \(ProofRecord.path), with a digest of all it depends
            on, the toolchain on PATH included (a stand-in's is another); --changed replays only the
            chapters whose digest is no longer the one recorded.
            """)

    let workbookTool: String
    let chapter: String?
    let mistakes: Bool
    let otherWording: Bool
    let alternatives: Bool
    let isChanged: Bool
    let isRecorded: Bool

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        workbookTool = try arguments.required(Self.tool)
        chapter = arguments.value(Self.chapter)
        mistakes = arguments.isSet(Self.mistakes)
        otherWording = arguments.isSet(Self.otherWording)
        alternatives = arguments.isSet(Self.alternatives)
        isChanged = arguments.isSet(Self.changed)
        isRecorded = arguments.isSet(Self.record)
        if mistakes, alternatives {
            throw .usage("'--mistakes' and '--alternatives' are two replays: pass one of them")
        }
    }

    /// The replay's name in the record: which replay, and whether the toolchain words things otherwise.
    var proof: String {
        let kind = mistakes ? "mistakes" : alternatives ? "alternatives" : "steps"
        return "replay-\(kind)" + (otherWording ? "-other-wording" : "")
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let chapters = try Self.chapters(chapter, of: workbook)
        let executable = tool.resolve(workbookTool)
        guard isChanged || isRecorded else {
            return try replay(chapters, of: workbook, tool: executable, print: tool.print)
        }
        let plan = try ProofPlan(
            proof, chapters: chapters, of: workbook,
            toolchain: try SwiftVersion.ask(environment: tool.environment).printed, changedOnly: isChanged)
        if let skipped = plan.skipped { tool.print(skipped) }
        var passed: [Int] = []
        for chapter in chapters where plan.pending.contains(chapter.number) {
            if try replay([chapter], of: workbook, tool: executable, print: tool.print) == 0 {
                passed.append(chapter.number)
            }
        }
        if isRecorded { tool.print(try plan.record(passed: passed, in: workbook.root)) }
        return passed.count == plan.pending.count ? 0 : 1
    }

    /// The chapters `--chapter` names, one or a list ("1,2,5"), in its order; every chapter without it.
    static func chapters(_ list: String?, of workbook: Workbook) throws(StageKitError) -> [Chapter] {
        guard let list else { return workbook.chapters }
        var chapters: [Chapter] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            chapters.append(try workbook.chapter(named: name.trimmingWhitespace()))
        }
        return chapters
    }

    /// Drives the built workbook in a temporary workspace, removed afterwards.
    func replay(_ chapters: [Chapter], of workbook: Workbook, tool: URL, print: @escaping (String) -> Void)
        throws(StageKitError) -> Int32
    {
        let folder = TemporaryFolder.uniqueName("replay-")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = folder.appendingPathComponent("Workspace")
        let options = ["--root", workbook.root.path, "--workspace", workspace.path]
        var replay = LearnerReplay(
            workbook: workbook, workspace: workspace,
            drive: { arguments in
                let result = try ChildProcess(tool, arguments + options, timeLimit: .seconds(900)).run()
                return (result.termination, result.output)
            }, print: print)
        replay.otherWording = otherWording
        do {
            let surprises: [String]
            if mistakes {
                surprises = try replay.runMistakes(chapters: chapters)
            } else if alternatives {
                surprises = try replay.runAlternatives(chapters: chapters)
            } else {
                surprises = try replay.run(chapters: chapters)
            }
            return surprises.isEmpty ? 0 : 1
        } catch let error as StageKitError {
            throw error
        } catch {
            throw .missingFile(path: tool.path, why: "the workbook tool could not be run (\(error))")
        }
    }
}
