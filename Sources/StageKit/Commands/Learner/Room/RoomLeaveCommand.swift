import Foundation
import WorkbookModel
import WorkbookRoom

/// `workbook room leave`: unlinks the learner's workspace from its room.
struct RoomLeaveCommand: LearnerCommand {
    static let declaration = CommandDeclaration("room leave", "leave the workshop room")
    /// It touches only the link: it does not wait for a build the workspace runs.
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let file = session.workspace.url(RoomLink.file)
        switch RoomLink.read(in: session.workspace) {
        case .none:
            session.print("You are in no room.")
        case .damaged:
            try remove(file)
            session.print("Your link to a room could not be read, and is removed: you are in no room.")
        case .link(var link):
            // The room is told, and the steps still waiting are given a last chance.
            link.toldUnreachable = true
            let step = (try? session.workspace.progress())?.stepID ?? link.waiting.last?.step
            if let step {
                link.tell(
                    step: step, verdict: .left, shown: nil, at: session.effects.now(), within: .seconds(2),
                    print: session.print)
            }
            try remove(file)
            // The event that says they left is no step of theirs.
            let lost = link.waiting.filter { $0.verdict != .left }.count
            session.print(
                "You left room \(link.code)"
                    + (lost == 0 ? "." : "; \(lost) of your steps never reached it and were let go."))
        }
        return 0
    }

    private func remove(_ file: URL) throws(StageKitError) {
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .writeFailed(path: file.path, reason: error.localizedDescription)
        }
    }
}
