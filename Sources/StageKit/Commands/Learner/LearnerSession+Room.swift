import Foundation
import WorkbookRoom

extension LearnerSession {
    /// Tells the room the learner joined, if they did, where they are after a command: arrived at a
    /// step, or what its check said; or, after `doctor`, whether their machine is ready, with their step
    /// if they have one; `shown`, the line the command's end gives (what a check showed first, a
    /// note). Never fails the command.
    func tellRoom(after kind: any LearnerCommand.Type, status: Int32, shown: String?) {
        guard let verdict = kind.roomVerdict(status) else { return }
        let reading = RoomLink.read(in: workspace)
        // `doctor` says it among its checks.
        if case .damaged = reading, !verdict.isReadiness {
            print(
                "Your link to a room, \(workspace.url(RoomLink.file).path), cannot be read: 'workbook room leave'"
                    + " removes it, and 'workbook room join' makes it again.")
        }
        guard case .link(var link) = reading else { return }
        let progress = try? workspace.progress()
        guard let step = progress?.stepID ?? (verdict.isReadiness ? "" : nil) else { return }
        let shown =
            verdict == .notMet ? shown ?? progress?.lastMiss?[step] : verdict == .note ? shown : nil
        link.tell(
            step: step, verdict: verdict, shown: shown, at: effects.now(),
            within: effects.roomBudget,
            print: print)
        try? link.write(in: workspace)
    }
}
