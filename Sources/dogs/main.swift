import DogsDemo
import Foundation

// `dogs`: all of its work is in DogsDemo, where it is tested.
let status = await DogsDemo.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    readLine: { Swift.readLine() },
    print: { Swift.print($0) },
    printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
