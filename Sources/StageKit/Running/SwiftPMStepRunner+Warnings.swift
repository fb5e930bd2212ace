import Foundation

extension SwiftPMStepRunner {
    /// The warnings of a build that started at `started`: what it printed, or, where the runner keeps a
    /// record, every file's warnings as it was last compiled, by this build or an earlier one.
    func lastWarnings(_ diagnostics: [Diagnostic], in folder: URL, since started: Date) -> [Diagnostic] {
        guard recordsWarnings else { return diagnostics.filter { $0.severity == .warning } }
        return WarningRecord.update(in: folder, buildStarted: started, diagnostics: diagnostics)
    }
}
