import Foundation
import StageKit

// The `stages` command: all of its work is in StageKit, where it is tested. Each line is written at
// once, so that a walk shows its progress even through a pipe.
let tool = StagesTool(
    currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
