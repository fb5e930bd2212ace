import Foundation
import StepRunning
import WorkbookModel

extension WorkbookTool {
    /// Everything the tool does to the world besides its files, so that a test can replace it.
    package struct Effects {
        package var print: (String) -> Void
        package var printError: (String) -> Void
        /// Reads a line of the terminal, to confirm what would replace files.
        package var readLine: () -> String?
        /// Shows, on one line that is rewritten, what a check is doing; "" clears it.
        package var showProgress: (String) -> Void
        /// What builds and tests the workspace, given the seconds a step's tests may run.
        package var makeChecker: (_ timeLimit: Double) throws(StageKitError) -> any PackageChecking
        package var now: () -> Date
        package var sleep: (_ seconds: Double) -> Void
        /// Whether the learner asked `watch` to stop (a q key press).
        package var stopRequested: () -> Bool
        /// Starts `workbook` with these arguments in the background, to warm the workspace's build,
        /// handing it the workspace's lock: the descriptor given, to be its `handedOverDescriptor`.
        package var startWarmUp: (_ arguments: [String], _ lock: Int32) -> Void
        /// Waits until the process is stopped (Ctrl-C), while a room is served.
        package var waitUntilStopped: () -> Void
        /// The most a command waits for a room the learner joined, on top of its own work.
        package var roomBudget: Duration
        /// The `swift` command `workbook check` would use, and what its `--version` printed.
        package var askSwift: () throws(StageKitError) -> (swift: URL, printed: String)

        package init(
            print: @escaping (String) -> Void, printError: @escaping (String) -> Void,
            readLine: @escaping () -> String?, showProgress: @escaping (String) -> Void,
            makeChecker: @escaping (_ timeLimit: Double) throws(StageKitError) -> any PackageChecking,
            now: @escaping () -> Date = Date.init,
            sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
            stopRequested: @escaping () -> Bool, startWarmUp: @escaping ([String], Int32) -> Void,
            waitUntilStopped: @escaping () -> Void = { DispatchSemaphore(value: 0).wait() },
            roomBudget: Duration = .milliseconds(40),
            askSwift: @escaping () throws(StageKitError) -> (swift: URL, printed: String) = {
                () throws(StageKitError) in try SwiftVersion.ask()
            }
        ) {
            self.askSwift = askSwift
            self.waitUntilStopped = waitUntilStopped
            self.roomBudget = roomBudget
            self.startWarmUp = startWarmUp
            self.print = print
            self.printError = printError
            self.readLine = readLine
            self.showProgress = showProgress
            self.makeChecker = makeChecker
            self.now = now
            self.sleep = sleep
            self.stopRequested = stopRequested
        }
    }
}
