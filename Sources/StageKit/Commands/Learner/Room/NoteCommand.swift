import WorkbookModel
import WorkbookRoom

/// `workbook note "LINE"`: one line on the chapter for the room the learner joined, which its record
/// keeps beside the minutes (Rooms/README.md).
struct NoteCommand: LearnerCommand {
    static let line = ArgumentDeclaration.required(
        "LINE", "your line, in quotes",
        needs: "a line in quotes, like 'workbook note \"The stubs were clear\"'")
    static let declaration = CommandDeclaration(
        "note", "leave the room you joined one line on this chapter", arguments: [line])
    /// The room is told the note once it is taken.
    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? { status == 0 ? .note : nil }

    /// On one line, without what a terminal would act on, at most as long as a room keeps.
    let text: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        text = RoomEvent.fitted(try arguments.required(Self.line), longest: RoomEvent.longestShown)
        guard !text.isEmpty else {
            throw .usage(
                "a note says something: give it a line in quotes, like 'workbook note \"Clear steps\"'")
        }
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try end(in: session).status
    }

    func end(in session: LearnerSession) throws(StageKitError) -> CommandEnd {
        guard case .link = RoomLink.read(in: session.workspace) else {
            session.print(
                "You are not in a room: a note goes to the room you joined ('workbook room join'); nothing was kept."
            )
            return CommandEnd(status: 1)
        }
        session.print(
            "The room keeps your note; the report a facilitator gives back to the workbook keeps it without"
                + " your name: \(text)")
        return CommandEnd(status: 0, shown: text)
    }
}
