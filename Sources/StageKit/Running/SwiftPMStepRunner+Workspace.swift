import Foundation
import WorkbookModel

extension SwiftPMStepRunner {
    /// The runner for a learner's workspace: the `swift` on PATH, the flags of a plain `swift test`, and
    /// the limits of its build and its tests.
    package static func forWorkspace(
        limits: RunLimits, environment: [String: String] = ProcessInfo.processInfo.environment,
        report: @escaping @Sendable (String) -> Void
    ) throws(StageKitError) -> SwiftPMStepRunner {
        var runner = SwiftPMStepRunner(
            swift: try SwiftToolchain.locate(environment: environment), scratch: URL(fileURLWithPath: "/"),
            buildTimeout: limits.build, testTimeout: limits.tests, sharesModuleCache: false, report: report)
        runner.recordsWarnings = true
        return runner
    }

    /// The warnings of a build that started at `started`: what it printed, or, where the runner keeps a
    /// record, every file's warnings as it was last compiled, by this build or an earlier one.
    func lastWarnings(_ diagnostics: [Diagnostic], in folder: URL, since started: Date) -> [Diagnostic] {
        guard recordsWarnings else { return diagnostics.filter { $0.severity == .warning } }
        return WarningRecord.update(
            in: folder, layout: try? layout(of: folder), buildStarted: started, diagnostics: diagnostics)
    }
}
