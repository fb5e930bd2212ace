import ChildProcesses
import Foundation
import StepRunning
import WorkbookCommands
import WorkbookModel

// `workbook`: all of its work is in StageKit's LearnerTool, where it is tested; this file connects it
// to the terminal and to SwiftPM.
Terminal.unblockSignals()
// What a learner's test leaves running, however it hid, is handed to this process and ended (Orphans).
Orphans.adopt()
SignalEnding.add { Orphans.end() }
SignalEnding.add { Terminal.printLine("\nworkbook: stopped, with everything it had started.") }
let keys = KeyWatcher()
let tool = LearnerTool(
    currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    effects: .live(
        print: { Terminal.printLine($0) },
        printError: { Terminal.printLine($0, to: .standardError) },
        readLine: { Swift.readLine() },
        showProgress: { Terminal.progress.show($0) },
        makeRunner: { limits throws(StageKitError) in
            try SwiftPMStepRunner.forWorkspace(limits: limits) { Terminal.progress.show($0) }
        },
        stopRequested: { keys.stopRequested },
        startWarmUp: { arguments, lock in
            guard let me = Bundle.main.executableURL else { return }
            _ = try? ChildProcess(me, arguments, timeLimit: .seconds(900)).startDetached(
                handing: lock, as: WorkspaceLock.handedOverDescriptor)
        }))
let status = tool.run(Array(CommandLine.arguments.dropFirst()))
keys.finish()
exit(status)
