import Foundation
import StepRunning
import WorkbookModel

extension LearnerTool {
    /// Everything the tool does to the world besides its files, so that a test can replace it.
    package struct Effects {
        package var print: (String) -> Void
        package var printError: (String) -> Void
        /// Reads a line of the terminal, to confirm what would replace files.
        package var readLine: () -> String?
        /// Shows, on one line that is rewritten, what a check is doing; "" clears it.
        package var showProgress: (String) -> Void
        /// What builds and tests a package, given the seconds its build and its tests may run.
        package var makeRunner: (_ limits: RunLimits) throws(StageKitError) -> any StepRunner
        package var now: () -> Date
        /// A new identity: a learner's id and secret, when they join a room.
        package var newID: () -> UUID
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
        /// The process's environment: where `open` finds the learner's editor.
        package var environment: [String: String]
        /// Makes this process the editor this command line names, with the terminal; returns only when it
        /// could not, with why.
        package var openEditor: (_ arguments: [String]) -> String

        /// Every effect, given: a test that leaves one out does not compile, rather than sleep or ask
        /// the real `swift`. The tool's own are `live(…)`'s.
        package init(
            print: @escaping (String) -> Void, printError: @escaping (String) -> Void,
            readLine: @escaping () -> String?, showProgress: @escaping (String) -> Void,
            makeRunner: @escaping (_ limits: RunLimits) throws(StageKitError) -> any StepRunner,
            now: @escaping () -> Date, newID: @escaping () -> UUID, sleep: @escaping (Double) -> Void,
            stopRequested: @escaping () -> Bool, startWarmUp: @escaping ([String], Int32) -> Void,
            waitUntilStopped: @escaping () -> Void, roomBudget: Duration,
            askSwift: @escaping () throws(StageKitError) -> (swift: URL, printed: String),
            environment: [String: String], openEditor: @escaping ([String]) -> String
        ) {
            self.environment = environment
            self.openEditor = openEditor
            self.askSwift = askSwift
            self.waitUntilStopped = waitUntilStopped
            self.roomBudget = roomBudget
            self.startWarmUp = startWarmUp
            self.print = print
            self.printError = printError
            self.readLine = readLine
            self.showProgress = showProgress
            self.makeRunner = makeRunner
            self.now = now
            self.newID = newID
            self.sleep = sleep
            self.stopRequested = stopRequested
        }

        /// The tool's own effects: the terminal's, given by `main`, and the real clock, new UUIDs, sleep, wait for
        /// Ctrl-C, a room's budget of 40 milliseconds a command, the `swift` on the path, the process's
        /// environment, and the editor started in this process's place.
        package static func live(
            print: @escaping (String) -> Void, printError: @escaping (String) -> Void,
            readLine: @escaping () -> String?, showProgress: @escaping (String) -> Void,
            makeRunner: @escaping (_ limits: RunLimits) throws(StageKitError) -> any StepRunner,
            stopRequested: @escaping () -> Bool, startWarmUp: @escaping ([String], Int32) -> Void
        ) -> Effects {
            Effects(
                print: print, printError: printError, readLine: readLine, showProgress: showProgress,
                makeRunner: makeRunner, now: Date.init, newID: UUID.init,
                sleep: { Thread.sleep(forTimeInterval: $0) },
                stopRequested: stopRequested, startWarmUp: startWarmUp,
                waitUntilStopped: { DispatchSemaphore(value: 0).wait() }, roomBudget: .milliseconds(40),
                askSwift: { () throws(StageKitError) in try SwiftVersion.ask() },
                environment: ProcessInfo.processInfo.environment, openEditor: Terminal.become)
        }
    }
}
