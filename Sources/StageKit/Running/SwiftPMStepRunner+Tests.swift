import ChildProcesses
import Foundation
import Synchronization
import WorkbookModel

/// How a runner starts the tests a build made.
enum TestLaunch: Sendable {
    /// Each test product SwiftPM's layout names, run directly (a tenth of a second): Linux's.
    case products
    /// `swift test --skip-build`, which runs them all: a Mac's, where a test bundle is loaded by
    /// SwiftPM's helper alone.
    case swiftTest

    static var platformDefault: TestLaunch {
        #if os(Linux)
            return .products
        #else
            return .swiftTest
        #endif
    }
}

extension SwiftPMStepRunner {
    /// Where SwiftPM puts the products of the package in `folder`, for this runner's `swift` and flags.
    package func layout(of folder: URL) throws(StageKitError) -> BuildLayout {
        try layouts.layout(of: folder, swift: swift, flags: sharedFlags)
    }

    /// Runs the tests the build made for `testTargets` (those with sources), all of them writing one
    /// event stream, a named pipe read as it grows: a second test product never writes over the
    /// first's lines, and what the progress shows is read as it comes.
    func test(
        _ folder: URL, module: String, testTargets: [String], stepID: String, warnings: [Diagnostic]
    ) throws(StageKitError) -> Outcome {
        let commands = try testCommands(folder: folder, module: module, testTargets: testTargets)
        let pipe: NamedPipe
        do {
            pipe = try NamedPipe(at: folder.appendingPathComponent(".build/workbook-events"))
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
        // Version 0 of the stream is the one EventStreamParser reads; the flag's "experimental-" name is
        // the one Swift 6.0 knows, and later versions still take it.
        let stream = [
            "--experimental-event-stream-version", "0", "--event-stream-output-path", pipe.path.path,
        ]
        let started = ContinuousClock.now
        var results: [ChildProcess.Result] = []
        // The stream read as it grows: each tick reads only the bytes that came since the last.
        var reader = EventStreamReader()
        var read = 0
        for command in commands {
            let spent = Double((ContinuousClock.now - started).components.seconds)
            let result: ChildProcess.Result
            do {
                result = try run(
                    command.executable, command.arguments + stream, timeout: max(1, testTimeout - spent)
                ) {
                    seconds, _ in
                    let data = pipe.data
                    try? reader.read(data.dropFirst(read))
                    read = data.count
                    let running = (try? reader.run().unfinished.last?.name) ?? nil
                    return "Testing… \(running ?? "starting") (\(Int(spent) + seconds) s)"
                }
            } catch {
                _ = pipe.finish()
                throw error
            }
            results.append(result)
            if result.termination == .timedOut || result.termination == .cancelled { break }
        }
        let data = pipe.finish()
        try checkStillThere(folder, stepID: stepID)
        try reader.read(data.dropFirst(read))
        var run = try reader.run()
        // A test product whose target has no source left is an earlier build's: its tests are not these.
        run.tests.removeAll { test in
            test.id != EventStreamParser.runID && !testTargets.contains { test.id.hasPrefix($0 + ".") }
        }
        if results.contains(where: { $0.termination == .timedOut }) {
            return .timedOut(
                what: "the tests", seconds: Int(testTimeout), unfinished: run.unfinished.map(\.id))
        }
        let failing = results.first { !$0.succeeded }
        if data.isEmpty && failing != nil {
            run.finished = false
        }
        if !run.finished {
            run.crashReport = Self.crashReport(results.map(\.output).joined(separator: "\n"))
        } else if let failing, run.failed.isEmpty,
            !(failing.termination == .exited(Self.noTestsFound) && run.tests.isEmpty)
        {
            run.tests.append(Self.failedExit(failing.termination))
        }
        return .tested(run, warnings: warnings)
    }

    /// What starts the tests of `testTargets`: the test products the build layout names, each of
    /// which must be there, or `swift test --skip-build`, as `testLaunch` says. Both run Swift Testing
    /// alone, and the runner stops each with its whole process group, SwiftPM's helper included.
    func testCommands(folder: URL, module: String, testTargets: [String]) throws(StageKitError)
        -> [(executable: URL, arguments: [String])]
    {
        switch testLaunch {
        case .swiftTest:
            return [
                (
                    swift,
                    ["test", "--skip-build", "--disable-xctest", "--package-path", folder.path] + sharedFlags
                )
            ]
        case .products:
            let layout = try layout(of: folder)
            let products = layout.testProducts(package: module, testTargets: testTargets)
            if let missing = products.first(where: { !FileManager.default.isExecutableFile(atPath: $0.path) })
            {
                throw .testProductMissing(path: missing.path, buildSystem: layout.buildSystem.name)
            }
            return products.map { ($0, ["--testing-library", "swift-testing"]) }
        }
    }

    /// The lines of a crashed test process that say why it stopped, shown to a person: Swift's
    /// "Fatal error" and crash lines without the backtrace, or, from a runtime that words them
    /// otherwise, the last lines it printed. Nothing is decided by them.
    static func crashReport(_ output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        let known = lines.filter {
            $0.contains("Fatal error") || $0.hasPrefix("*** Program crashed") || $0.contains("fatal error")
        }
        return known.isEmpty ? Array(lines.suffix(3)) : known
    }

    /// The status Swift Testing exits with when it finds no test to run (EX_UNAVAILABLE): no test
    /// ran, which is no failure of one.
    static let noTestsFound: Int32 = 69

    /// A run whose stream reports no failure, but whose process says it failed: a failure of its own.
    static func failedExit(_ termination: ChildProcess.Termination) -> TestResult {
        TestResult(
            id: EventStreamParser.runID, status: .failed,
            issues: [
                TestIssue(message: "the test process \(termination), though no test failed")
            ])
    }
}
