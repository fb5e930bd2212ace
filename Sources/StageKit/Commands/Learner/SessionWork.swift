import Foundation
import WorkbookModel

/// A command's work over the session it runs in, as SwiftPM's commands work over a workspace: the
/// session gives the workbook, the workspace, the effects and the learner's place, and the command
/// (its `Work`) does the rest. What several commands do alike (ask before replacing files, place a
/// step, move on) is said once here.
protocol SessionWork {
    var session: LearnerSession { get }
}

extension SessionWork {
    var workbook: Workbook { session.workbook }
    var workspace: LearnerWorkspace { session.workspace }
    var effects: LearnerTool.Effects { session.effects }
    var timeLimit: Double { session.timeLimit }

    func print(_ line: String) { session.print(line) }

    func current() throws(StageKitError) -> LearnerPlace { try session.current() }

    func describe(_ step: Step?, of chapter: Chapter) { session.describe(step, of: chapter) }
}
