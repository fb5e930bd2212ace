import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel
import WorkbookText

/// Carries out a `stages` command. Returns the exit status: 0 done, 1 a walk or check that failed,
/// 2 a problem with the command or the workbook (said in one sentence on `printError`).
package struct StagesTool {
    package var currentFolder: URL
    package var environment: [String: String]
    package var print: (String) -> Void
    package var printError: (String) -> Void

    package init(
        currentFolder: URL, environment: [String: String], print: @escaping (String) -> Void,
        printError: @escaping (String) -> Void
    ) {
        self.currentFolder = currentFolder
        self.environment = environment
        self.print = print
        self.printError = printError
    }

    package func run(_ arguments: [String]) -> Int32 {
        do {
            return try execute(StagesCommand.parse(arguments))
        } catch {
            printError("stages: \(error)")
            return 2
        }
    }

    func execute(_ command: StagesCommand) throws(StageKitError) -> Int32 {
        switch command {
        case .help:
            print(StagesCommand.usage)
            return 0
        case .list(let root):
            let workbook = try load(root)
            for chapter in workbook.chapters {
                print("\(chapter.number)  \(chapter.title)  (\(chapter.module))")
                for stage in chapter.stages {
                    print("  \(stage.id)  \(stage.kind.symbol) \(stage.kind.rawValue)  \(stage.title)")
                }
            }
            return 0
        case .budget(let root):
            let workbook = try load(root)
            for chapter in workbook.chapters {
                let budget = ChapterBudget(chapter, of: workbook)
                print(budget.line)
                for problem in budget.problems { print("  over: \(problem)") }
            }
            return 0
        case .walk(let selection, let root, let scratch, let jobs):
            let workbook = try load(root)
            let swift = try SwiftToolchain.locate(environment: environment)
            let scratchFolder = scratch.map(resolve) ?? workbook.root.appendingPathComponent(".build-stages")
            let walk = Walk(
                workbook: workbook, runner: SwiftPMStageRunner(swift: swift, scratch: scratchFolder),
                print: print, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            return try walk.run(selection).passed ? 0 : 1
        case .checkout(let name, let into, let force, let root):
            let workbook = try load(root)
            let (chapter, stage) = try workbook.checkoutPoint(named: name)
            let folder = into.map(resolve) ?? workbook.root.appendingPathComponent("Workspace")
            let result = try StageCheckout.write(
                stage: stage, of: chapter, workbook: workbook, into: folder, force: force)
            if let backup = result.backup { print("What \(folder.path) held is now in \(backup.path).") }
            if let stage {
                print("Stage \(stage.id) (\(stage.kind.rawValue): \(stage.title)) is in \(folder.path).")
            } else {
                print("The start of chapter \(chapter.number) (\(chapter.title)) is in \(folder.path).")
            }
            print("Read STAGE.md there, then run: cd \(folder.path) && swift test")
            return 0
        case .render(let check, let root):
            let workbook = try load(root)
            var stale: [String] = []
            for chapter in workbook.chapters {
                let url = workbook.root.appendingPathComponent("Chapters/\(chapter.folderName)/README.md")
                let text = ChapterRenderer.render(chapter, of: workbook)
                guard (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
                stale.append("Chapters/\(chapter.folderName)/README.md")
                if !check { try PackageWriter.write(Data(text.utf8), to: url) }
            }
            for section in GeneratedSection.all {
                let page = workbook.root.appendingPathComponent(section.path)
                if let text = try? String(contentsOf: page, encoding: .utf8),
                    let updated = section.updating(text, from: workbook), updated != text
                {
                    stale.append("\(section.path) (\(section.what))")
                    if !check { try PackageWriter.write(Data(updated.utf8), to: page) }
                }
            }
            for path in stale { print(check ? "stale: \(path)" : "wrote \(path)") }
            if stale.isEmpty { print("every chapter text is up to date.") }
            return check && !stale.isEmpty ? 1 : 0
        case .refresh(let step, let root):
            let workbook = try load(root)
            let (chapter, number) = try workbook.step(named: step)
            let selection = WalkSelection(
                chapter: "\(chapter.number)", stage: number.map { "\(chapter.number).\($0)" })
            let report = try Walk(workbook: workbook, runner: try stageRunner(for: workbook), print: print)
                .run(selection)
            var refreshed: [String] = []
            for stageReport in report.stages {
                let stage = stageReport.stage
                let folder = StageFolder(workbook, chapter, folderName: stage.folderName)
                guard let text = try? folder.text(),
                    let updated = StageRefresh.refreshed(text, of: stage, outcome: stageReport.outcome)
                else { continue }
                try PackageWriter.write(Data(updated.utf8), to: folder.header)
                refreshed.append(stage.id)
            }
            print(
                refreshed.isEmpty
                    ? "refresh: every red stage already says what it shows."
                    : "refresh: rewrote the expectations of \(refreshed.joined(separator: ", ")); review them with git diff."
            )
            return try execute(.render(check: false, root: root))
        case .record, .edit, .insert, .remove, .split:
            return try author(command)
        case .tutorial(let root):
            let build = TutorialBuild(workbook: try load(root), environment: environment)
            let problems = try build.run()
            for problem in problems { print(problem) }
            print(
                problems.isEmpty
                    ? "The tutorial is in \(build.site.path) (Scripts/serve-tutorial shows it)."
                    : "docc warned \(problems.count) times (above).")
            return problems.isEmpty ? 0 : 1
        case .replay(let chapter, let tool, let root, let mistakes):
            let workbook = try load(root)
            var chapters = workbook.chapters
            if let chapter { chapters = [try workbook.chapter(named: chapter)] }
            return try replay(chapters, of: workbook, tool: resolve(tool), mistakes: mistakes)
        case .bench(let selection, let root):
            let workbook = try load(root)
            let swift = try SwiftToolchain.locate(environment: environment)
            let rows = try Benchmark(workbook: workbook, swift: swift, print: print).run(selection)
            return rows.allSatisfy(\.sameOutcome) ? 0 : 1
        }
    }

    /// Drives the built workbook in a temporary workspace, removed afterwards.
    func replay(_ chapters: [Chapter], of workbook: Workbook, tool: URL, mistakes: Bool) throws(StageKitError)
        -> Int32
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = folder.appendingPathComponent("Workspace")
        let options = ["--root", workbook.root.path, "--workspace", workspace.path]
        let replay = LearnerReplay(
            workbook: workbook, workspace: workspace,
            drive: { arguments in
                let result = try ChildProcess(tool, arguments + options, timeout: 900).run()
                return (result.timedOut ? -1 : result.status, result.output)
            }, print: print)
        do {
            let surprises =
                try mistakes ? replay.runMistakes(chapters: chapters) : replay.run(chapters: chapters)
            return surprises.isEmpty ? 0 : 1
        } catch let error as StageKitError {
            throw error
        } catch {
            throw .missingFile(path: tool.path, why: "the workbook tool could not be run (\(error))")
        }
    }

    func load(_ root: String?) throws(StageKitError) -> Workbook {
        try WorkbookLoader.load(root: root.map(resolve) ?? currentFolder)
    }

    func resolve(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path) : currentFolder.appendingPathComponent(path).standardizedFileURL
    }
}
