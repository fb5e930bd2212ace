import Foundation
import StageKit

// `workbook`: all of its work is in StageKit's WorkbookTool, where it is tested. It writes each line
// at once (not through a buffer), so that a watching terminal or a pipe sees it when it is said. It takes the
// workbook's folder (--root, default: here) and the workspace's (--workspace, default: Workspace/).
let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var arguments = Array(CommandLine.arguments.dropFirst())
let root = takeFolder("--root", from: &arguments, relativeTo: current) ?? current
let workspace =
    takeFolder("--workspace", from: &arguments, relativeTo: current)
    ?? root.appendingPathComponent("Workspace")
let tool = WorkbookTool(
    root: root, workspace: workspace, environment: ProcessInfo.processInfo.environment,
    print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
    readLine: { Swift.readLine() })
exit(tool.run(arguments))

/// Takes `--name PATH` out of the arguments, as a folder.
func takeFolder(_ name: String, from arguments: inout [String], relativeTo base: URL) -> URL? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let path = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
}
