import Foundation

@testable import StepJudging
@testable import WorkbookAuthoring
@testable import WorkbookModel

/// What `workbook check --json` writes when a step is met, for a test's stand-in of the tool: the
/// sentence a learner reads and, on a line of its own, the report the replay reads.
enum StandInCheck {
    static func met(_ kind: StepKind) -> String {
        let report = CheckReport(
            chapter: 1, step: "1.1", kind: kind.rawValue, verdict: .met,
            progress: CheckReport.Progress(met: ["1.1"], lastMiss: nil))
        let json = (try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return "Checking…\n\(LearnerReplay.metWord(kind))\n\(json)"
    }
}
