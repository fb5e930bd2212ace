import Foundation
import WorkbookModel
import WorkbookRoom

/// A learner's link to a workshop room, kept in their workspace (`.workbook/room.json`) from `join`
/// to `leave`: the room's address and code, their anonymous id and name, the number of their last
/// event, the events still to be sent, and whether they were told the room did not answer.
struct RoomLink: Codable, Sendable {
    static let file = ".workbook/room.json"
    /// Events kept while the room does not answer; past this, the oldest are let go.
    static let waitingAtMost = 500
    /// The most a command waits for the room, on top of its own work.
    static let budget = Duration.milliseconds(40)

    var address: RoomAddress
    var code: String
    var learner: String
    var name: String?
    var sequence = 0
    var waiting: [RoomEvent] = []
    var toldUnreachable = false

    init(address: RoomAddress, code: String, name: String?) {
        self.address = address
        self.code = code
        self.name = name
        learner = "learner-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// The link in `workspace`; nil when it has none. A damaged one reads as none.
    static func read(in workspace: LearnerWorkspace) -> RoomLink? {
        guard let data = FileManager.default.contents(atPath: workspace.url(file).path) else { return nil }
        return try? JSONDecoder.room.decode(RoomLink.self, from: data)
    }

    func write(in workspace: LearnerWorkspace) throws(StageKitError) {
        let url = workspace.url(Self.file)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder.room.encode(self).write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    var eventsTarget: String { "/events?code=\(code)" }

    /// Adds an event for the learner's place, and sends every waiting one, within ``budget``; says what
    /// went wrong once, and never fails.
    mutating func tell(
        step: String, verdict: RoomEvent.Verdict, shown: String?, at now: Date, print: (String) -> Void
    ) {
        sequence += 1
        waiting.append(
            RoomEvent(
                learner: learner, name: name, sequence: sequence, step: step, verdict: verdict,
                shown: shown.map { RoomEvent.fitted($0, longest: RoomEvent.longestShown) }, sent: now))
        if waiting.count > Self.waitingAtMost { waiting.removeFirst(waiting.count - Self.waitingAtMost) }
        sendWaiting(within: Self.budget, print: print)
    }

    /// Sends the waiting events, in order, up to a request's worth.
    mutating func sendWaiting(within budget: Duration, print: (String) -> Void) {
        let batch = Array(waiting.prefix(50))
        guard !batch.isEmpty, let body = try? JSONEncoder.room.encode(batch) else { return }
        switch RoomPost.send("POST", eventsTarget, body: body, to: address, within: budget) {
        case .taken:
            waiting.removeFirst(batch.count)
            toldUnreachable = false
        case .refused(let status, _) where status == 429 || status >= 500:
            break  // the room is busy: they are sent with a later command
        case .refused(_, let reason):
            // The room will never take these: keeping them would hold back every later one.
            waiting.removeFirst(batch.count)
            print(
                "The room refused \(batch.count == 1 ? "a step" : "\(batch.count) steps") of yours, which were let go:"
                    + " \(reason)")
        case .unreachable:
            guard !toldUnreachable else { return }
            toldUnreachable = true
            print(
                "The room at \(address) did not answer: your steps wait, and go with a later command"
                    + " ('workbook room leave' stops them).")
        }
    }
}

extension WorkbookSession {
    /// Tells the room the learner joined, if they did, where they are after a command: arrived at a
    /// step, or what its check said. Never fails the command.
    func tellRoom(after kind: any LearnerCommand.Type, status: Int32) {
        guard let verdict = kind.roomVerdict(status), var link = RoomLink.read(in: workspace),
            let progress = try? workspace.progress()
        else { return }
        let shown = verdict == .notMet ? progress.lastMiss?[progress.stageID] : nil
        link.tell(step: progress.stageID, verdict: verdict, shown: shown, at: effects.now(), print: print)
        try? link.write(in: workspace)
    }
}
