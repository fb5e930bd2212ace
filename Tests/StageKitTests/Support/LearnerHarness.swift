import Foundation
import Synchronization
import Testing

@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel

/// `workbook` on the fixture workbook, with its workspace inside it, and every effect scripted: the
/// answers typed at prompts, the outcomes a check shows, and when `watch` is told to stop.
final class LearnerHarness {
    let fixture: WorkbookFixture
    var printed: [String] = []
    var errors: [String] = []
    var answers: [String]
    let runner = ScriptedWorkspaceRunner()
    /// How many times `watch` polls before the learner presses q.
    var pollsBeforeStop = Int.max
    /// Called at each of watch's sleeps: where a test makes the learner edit a file.
    var onSleep: (Int) -> Void = { _ in }
    var sleeps = 0
    /// The warm-up builds started, by their command lines.
    var warmUps: [[String]] = []
    /// Called as a warm-up starts, with the descriptor of the lock handed to it: where a test plays
    /// the warm-up process, which keeps its own copy.
    var onWarmUp: ([String], Int32) -> Void = { _, _ in }
    /// What `room serve` does while its room is open, in place of waiting for Ctrl-C.
    var whileServing: () -> Void = {}
    /// What `swift --version` prints, for `doctor`.
    var swiftSays = "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n"
    /// What asking `swift --version` throws instead, when a test says so.
    var swiftFails: StageKitError?
    /// The limits each runner was made with.
    var runnerLimits: [RunLimits] = []
    /// The environment `workbook` reads (its editor): none unless a test says.
    var environment: [String: String] = [:]
    /// The command lines `open` started the editor with, in this process's place; and why it could not.
    var editorsOpened: [[String]] = []
    var editorFails = "No such file or directory"

    init(answers: [String] = []) throws {
        fixture = try WorkbookFixture()
        self.answers = answers
    }

    /// On a fixture a test has changed.
    init(fixture: WorkbookFixture) {
        self.fixture = fixture
        answers = []
    }

    var workspace: URL { fixture.url("Workspace") }

    var effects: LearnerTool.Effects {
        LearnerTool.Effects(
            print: { self.printed.append($0) }, printError: { self.errors.append($0) },
            readLine: { self.answers.isEmpty ? nil : self.answers.removeFirst() }, showProgress: { _ in },
            makeRunner: { limits in
                self.runnerLimits.append(limits)
                return self.runner
            },
            now: { Date(timeIntervalSince1970: 1_800_000_000) },
            newID: UUID.init,
            sleep: { _ in
                self.sleeps += 1
                self.onSleep(self.sleeps)
            },
            stopRequested: { self.sleeps >= self.pollsBeforeStop },
            startWarmUp: { arguments, lock in
                self.warmUps.append(arguments)
                self.onWarmUp(arguments, lock)
            },
            waitUntilStopped: { self.whileServing() },
            // Sending to a room on this machine does not wait on how busy the machine is.
            roomBudget: .seconds(10),
            askSwift: { () throws(StageKitError) in
                if let failure = self.swiftFails { throw failure }
                return (URL(fileURLWithPath: "/usr/bin/swift"), self.swiftSays)
            },
            environment: environment,
            openEditor: { arguments in
                self.editorsOpened.append(arguments)
                return self.editorFails
            })
    }

    @discardableResult
    func run(_ arguments: String...) -> Int32 {
        LearnerTool(currentFolder: fixture.root, effects: effects).run(arguments)
    }

    func progress() throws -> LearnerProgress? {
        try LearnerProgress.read(in: workspace, workbook: fixture.load())
    }

    /// Leaves a `workbook` in the fixture's `.build`, where `swift build` leaves the tool.
    func pretendToolsAreBuilt() throws {
        try fixture.write(".build/debug/workbook", "#!/bin/sh\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: fixture.url(".build/debug/workbook").path)
    }

    /// Writes a file of the learner's into the workspace, as typing it would.
    func type(_ path: String, _ text: String) throws {
        try fixture.write("Workspace/\(path)", text)
    }
}

/// The runner of a learner's workspace, scripted: each check answers the next outcome it is given and
/// records the workbook's own tests in the package as they were at that moment. It runs no step's
/// files: a test that asks it to is wrong, and says so.
final class ScriptedWorkspaceRunner: StepRunner {
    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        Issue.record("the workspace's runner was asked to run step \(stepID)'s files")
        throw .usage("the workspace's runner runs no step's files")
    }

    func runClean(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        Issue.record("the workspace's runner was asked to run step \(stepID)'s files from a clean build")
        throw .usage("the workspace's runner runs no step's files")
    }

    private let state = Mutex<
        (outcomes: [Outcome], checks: [[String]], warmLocks: [String], warmUpStopsWhile: String?)
    >(
        ([], [], [], nil))

    func answer(_ outcomes: Outcome...) {
        state.withLock { $0.outcomes += outcomes }
    }

    /// For each check, the files in the workspace's `.workbook/checks`.
    var checks: [[String]] { state.withLock { $0.checks } }

    /// What the workspace's lock file said during each warm-up build.
    func warm(_ folder: URL) throws(StageKitError) -> String? {
        let lock =
            (try? String(contentsOf: folder.appendingPathComponent(".workbook/lock"), encoding: .utf8)) ?? ""
        return state.withLock { state in
            state.warmLocks.append(lock)
            return state.warmUpStopsWhile
        }
    }

    /// What a warm-up build shows when it is stopped at its limit; nil: it builds.
    func stopWarmUps(while doing: String?) {
        state.withLock { $0.warmUpStopsWhile = doing }
    }

    var warmLocks: [String] { state.withLock { $0.warmLocks } }

    /// The products folder SwiftPM names, within a package: `.build/debug`, the native build's link,
    /// unless a test says otherwise (Swift Build's `.build/out/Products/Debug-linux`).
    let productsFolder = Mutex(".build/debug")

    func layout(of folder: URL) throws(StageKitError) -> BuildLayout {
        BuildLayout(products: folder.appendingPathComponent(productsFolder.withLock { $0 }))
    }

    func check(_ folder: URL, module: String, stepID: String) throws(StageKitError) -> Outcome {
        let checks =
            (try? FileTree.read(from: folder.appendingPathComponent(StepPackage.checksFolder)).paths) ?? []
        return state.withLock { state in
            state.checks.append(checks)
            guard !state.outcomes.isEmpty else { return .compileError([]) }
            return state.outcomes.removeFirst()
        }
    }
}

/// Outcomes as the fixture's steps show them.
enum FixtureOutcome {
    static let greeterMissing = Outcome.compileError([
        Diagnostic(
            file: "/w/Tests/Chapter01DemoTests/GreeterTests.swift", line: 5, column: 12, severity: .error,
            message: "cannot find 'Greeter' in scope")
    ])

    static func tests(_ results: [(String, TestResult.Status)]) -> Outcome {
        .tested(
            TestRun(tests: results.map { TestResult(id: $0.0, status: $0.1) }, finished: true), warnings: [])
    }

    /// The green: the learner's test and the workbook's own pass.
    static let green = tests([
        ("Chapter01DemoTests.greetsByName()", .passed), ("WorkbookChecks.greetsByName()", .passed),
    ])
}
