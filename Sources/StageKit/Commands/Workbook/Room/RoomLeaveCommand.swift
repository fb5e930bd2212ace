import Foundation
import WorkbookModel
import WorkbookRoom

/// `workbook room leave`: unlinks the learner's workspace from its room.
struct RoomLeaveCommand: LearnerCommand {
    static let declaration = CommandDeclaration(
        "room leave", "leave the workshop room")

    init(_ arguments: ParsedArguments) {}

    func run(in session: WorkbookSession) throws(StageKitError) -> Int32 {
        guard var link = RoomLink.read(in: session.workspace) else {
            session.print("You are in no room.")
            return 0
        }
        // The steps still waiting are given a last chance.
        link.toldUnreachable = true
        link.sendWaiting(within: .seconds(2), print: session.print)
        let file = session.workspace.url(RoomLink.file)
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .writeFailed(path: file.path, reason: error.localizedDescription)
        }
        let lost = link.waiting.count
        session.print(
            "You left room \(link.code)"
                + (lost == 0 ? "." : "; \(lost) of your steps never reached it and were let go."))
        return 0
    }
}
