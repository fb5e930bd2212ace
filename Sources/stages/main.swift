import ChildProcesses
import Foundation
import WorkbookCommands

// The `stages` command: all of its work is in StageKit, where it is tested.
Terminal.unblockSignals()
// What a step's test leaves running, however it hid, is handed to this process and ended (Orphans).
Orphans.adopt()
SignalEnding.add { Orphans.end() }
let tool = AuthorTool(
    currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    print: { Terminal.printLine($0) },
    printError: { Terminal.printLine($0, to: .standardError) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
