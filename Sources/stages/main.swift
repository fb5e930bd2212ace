import Foundation
import StageKit

// The `stages` command: all of its work is in StageKit, where it is tested.
let tool = StagesTool(
    currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    print: { Swift.print($0) },
    printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
