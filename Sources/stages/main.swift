import Foundation
import WorkbookCommands

// The `stages` command: all of its work is in StageKit, where it is tested.
Terminal.unblockSignals()
let tool = AuthorTool(
    currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    print: { Terminal.printLine($0) },
    printError: { Terminal.printLine($0, to: .standardError) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
