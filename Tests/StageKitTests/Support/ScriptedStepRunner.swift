import Foundation
import Synchronization
import Testing

@testable import StepRunning
@testable import WorkbookModel

/// A double for the walk's side of a runner: it runs steps' files, and a test that asks it to check or
/// warm a folder as it is gets an issue where it asked.
protocol WalkRunner: StepRunner {}

extension WalkRunner {
    func runClean(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        try run(package, of: chapter, stepID: stepID)
    }

    func check(_ folder: URL, module: String, stepID: String) throws(StageKitError) -> Outcome {
        Issue.record("a walk's runner was asked to check \(folder.path) as it is")
        throw .usage("a walk's runner checks no folder as it is")
    }

    func warm(_ folder: URL) throws(StageKitError) -> String? {
        Issue.record("a walk's runner was asked to warm \(folder.path)")
        throw .usage("a walk's runner warms no folder")
    }

    func layout(of folder: URL) throws(StageKitError) -> BuildLayout {
        Issue.record("a walk's runner was asked where \(folder.path) is built")
        throw .usage("a walk's runner has no layout")
    }
}

/// A step runner that answers each step with the outcome it was told, and records what it was asked
/// to run: the walk's logic, tested without building anything.
final class ScriptedStepRunner: WalkRunner {
    struct Call: Equatable {
        var stepID: String
        var package: FileTree
    }

    private let outcomes: [String: Outcome]
    private let failure: StageKitError?
    private let recorded = Mutex<[Call]>([])
    var calls: [Call] { recorded.withLock { $0 } }

    init(_ outcomes: [String: Outcome], failing failure: StageKitError? = nil) {
        self.outcomes = outcomes
        self.failure = failure
    }

    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        recorded.withLock { $0.append(Call(stepID: stepID, package: package)) }
        if let failure { throw failure }
        return outcomes[stepID] ?? .tested(TestRun(tests: [], finished: true), warnings: [])
    }
}

extension Outcome {
    static let greetingMissing = Outcome.compileError([
        Diagnostic(
            file: "/x/GreeterTests.swift", line: 5, column: 13, severity: .error,
            message: "cannot find 'Greeter' in scope")
    ])
    static let allPass = Outcome.tested(
        TestRun(
            tests: [TestResult(id: "Chapter01DemoTests.greetsByName()", status: .passed)], finished: true),
        warnings: [])
    static let greetingFails = Outcome.tested(
        TestRun(
            tests: [
                TestResult(
                    id: "Chapter01DemoTests.greetsByName()", status: .failed,
                    issues: [TestIssue(message: "Expectation failed", file: "T/GreeterTests.swift", line: 5)])
            ], finished: true),
        warnings: [])
}
