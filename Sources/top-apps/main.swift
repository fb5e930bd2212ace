import Foundation
import TopAppsDemo

// `top-apps`: all of its work is in TopAppsDemo, where it is tested.
let status = await TopAppsDemo.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    print: { Swift.print($0) },
    printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
