import Foundation
import WorkbookModel
import WorkbookRoom

/// `workbook room join ADDRESS --code CODE [--name NAME]`: links the learner's workspace to a room.
struct RoomJoinCommand: LearnerCommand {
    static let address = ArgumentDeclaration.required(
        "ADDRESS", "the room's address, as the facilitator's screen shows it",
        needs: "the room's address, like 192.168.1.20:8321")
    static let code = OptionDeclaration.required(
        "--code", "CODE", "the room's code, from the facilitator's screen")
    static let name = OptionDeclaration.value(
        "--name", "NAME", "the name the facilitator sees (an anonymous id unless you say)")
    static let declaration = CommandDeclaration(
        "room join", "join a workshop room, which then sees your step",
        arguments: [address], options: [code, name],
        discussion: """
            Each event holds your name (or an anonymous id), your step, the verdict of your check, the \
            first line it showed and the time: never a line of your code. If the room does not answer, \
            your command goes on, and the events wait for a later one. 'workbook room leave' stops them.
            """)
    /// It touches only the link, which it writes whole: it does not wait for a build the workspace runs.
    static var holdsLock: Bool { false }

    let roomAddress: RoomAddress
    let roomCode: String
    let learnerName: String?

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        roomAddress = try RoomAddress(try arguments.required(Self.address))
        let code = try arguments.required(Self.code).uppercased()
        guard RoomLedger.isCode(code) else {
            throw .usage(
                "'\(code.prefix(20))' is not a room's code: a code is 6 of the letters and digits"
                    + " \(String(RoomLedger.codeLetters)) (never 0, 1, I, L or O), as the facilitator's screen shows"
            )
        }
        roomCode = code
        if let name = arguments.value(Self.name) {
            let fitted = RoomEvent.fitted(name, longest: RoomEvent.longestName)
            guard !fitted.isEmpty else { throw .usage("--name needs a name with something in it") }
            learnerName = fitted
        } else {
            learnerName = nil
        }
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        var link = RoomLink(
            address: roomAddress, code: roomCode, name: learnerName, newID: session.effects.newID)
        // Joining the same room again (its code; its address may have changed) is the same learner,
        // with the steps that still wait to reach it.
        if let old = RoomLink.link(in: session.workspace), old.code == roomCode {
            link.learner = old.learner
            link.secret = old.secret
            link.sequence = old.sequence
            link.waiting = old.waiting
        }
        let target = "/hello?code=\(roomCode)&learner=\(link.learner)"
        switch RoomPost.send("GET", target, to: roomAddress, within: .seconds(3)) {
        case .taken:
            break
        case .refused(403, let reason) where reason.hasPrefix("The room is full"):
            throw .room("the room at \(roomAddress) is full: tell the facilitator")
        case .refused(403, _):
            throw .room(
                "the room at \(roomAddress) does not have the code \(roomCode): check it on the facilitator's screen"
            )
        case .refused(_, let reason):
            throw .room("the room at \(roomAddress) refused you: \(reason)")
        case .unreachable, .noAnswer:
            throw .room(
                "no room answers at \(roomAddress): check the address on the facilitator's screen, and that this"
                    + " machine is on the room's network")
        }
        if let progress = try? session.workspace.progress() {
            link.tell(
                step: progress.stepID, verdict: .arrived, shown: nil, at: session.effects.now(),
                within: .seconds(3), print: session.print)
        }
        try link.write(in: session.workspace)
        session.print("You joined room \(roomCode) at \(roomAddress), as \(learnerName ?? link.learner).")
        session.print(
            "Each start, check, next and goto now tells it your step and what the check showed (never your code),"
                + " and 'workbook doctor' whether your machine is ready; 'workbook room leave' stops that.")
        return 0
    }
}
