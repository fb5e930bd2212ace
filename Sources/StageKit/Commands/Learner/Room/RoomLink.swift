import Foundation
import WorkbookModel
import WorkbookRoom

/// A learner's link to a workshop room, kept in their workspace (`.workbook/room.json`) from `join`
/// to `leave`: the room's address and code, their anonymous id and name, the number of their last
/// event, the events still to be sent, and what they were told of the room.
struct RoomLink: Codable, Sendable {
    static let file = ".workbook/room.json"
    /// Events kept while the room does not answer; past this, the oldest are let go.
    static let waitingAtMost = 500
    /// Events sent in one request, at most, as the room takes them.
    static let batch = 50

    var address: RoomAddress
    var code: String
    var learner: String
    /// Sent with every event and shown nowhere: the room takes this learner's events only with it.
    var secret: String
    var name: String?
    var sequence = 0
    var waiting: [RoomEvent] = []
    /// Whether the learner was told the room did not answer, or that it refused an event: each is said
    /// once until the room takes events again.
    var toldUnreachable = false
    var toldRefused = false
    /// After the room refused a batch, events go one a request, so that only the one it refuses is let
    /// go; until nothing waits.
    var oneByOne = false

    /// A new learner's link: their id and secret made from two new identities.
    init(address: RoomAddress, code: String, name: String?, newID: () -> UUID) {
        self.address = address
        self.code = code
        self.name = name
        learner = "learner-" + newID().uuidString.prefix(8).lowercased()
        secret = newID().uuidString
    }

    /// What is in `workspace`: no link, a link, or a file that is none (damaged, or edited by hand into
    /// numbers the room would refuse).
    enum Reading {
        case none
        case link(RoomLink)
        case damaged
    }

    static func read(in workspace: LearnerWorkspace) -> Reading {
        guard let data = FileManager.default.contents(atPath: workspace.url(file).path) else {
            return FileManager.default.fileExists(atPath: workspace.url(file).path) ? .damaged : .none
        }
        guard let link = try? JSONDecoder.room.decode(RoomLink.self, from: data),
            (0..<RoomEvent.highestSequence).contains(link.sequence), link.waiting.count <= waitingAtMost,
            RoomLedger.isCode(link.code)
        else { return .damaged }
        return .link(link)
    }

    /// The link in `workspace`, if it has a good one.
    static func link(in workspace: LearnerWorkspace) -> RoomLink? {
        if case .link(let link) = read(in: workspace) { return link }
        return nil
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

    /// Adds an event for the learner's place, and sends the waiting ones, within `budget`; says what
    /// went wrong once, and never fails.
    mutating func tell(
        step: String, verdict: RoomEvent.Kind, shown: String?, at now: Date, within budget: Duration,
        print: (String) -> Void
    ) {
        sequence += 1
        waiting.append(
            RoomEvent(
                learner: learner, secret: secret, name: name, sequence: sequence, step: step,
                verdict: verdict,
                shown: shown.map { RoomEvent.fitted($0, longest: RoomEvent.longestShown) }, sent: now))
        if waiting.count > Self.waitingAtMost { waiting.removeFirst(waiting.count - Self.waitingAtMost) }
        sendWaiting(within: budget, print: print)
    }

    /// Sends the waiting events, in order, as many requests as `budget` allows.
    mutating func sendWaiting(within budget: Duration, print: (String) -> Void) {
        let deadline = ContinuousClock.now + budget
        // Within a command's few milliseconds, small batches: a large one may not be answered in time.
        let size = oneByOne ? 1 : budget < .seconds(1) ? 10 : Self.batch
        while !waiting.isEmpty, ContinuousClock.now < deadline {
            let batch = Array(waiting.prefix(size))
            guard let body = try? JSONEncoder.room.encode(batch) else { return }
            let left = deadline - ContinuousClock.now
            switch RoomPost.send("POST", eventsTarget, body: body, to: address, within: left) {
            case .taken:
                waiting.removeFirst(batch.count)
                toldUnreachable = false
                toldRefused = false
                if waiting.isEmpty { oneByOne = false }
            case .refused(let status, _) where status == 429 || status >= 500:
                return  // the room is busy: they go with a later command
            case .refused where batch.count > 1:
                oneByOne = true  // one of them is refused: which one is found by sending them one by one
            case .refused(_, let reason):
                // The room will never take this one: kept, it would hold back every later one.
                waiting.removeFirst()
                if !toldRefused {
                    toldRefused = true
                    print("The room refused a step of yours, which was let go: \(reason)")
                }
            case .noAnswer:
                return  // sent, perhaps taken: sent again with a later command, the room takes each once
            case .unreachable:
                if !toldUnreachable {
                    toldUnreachable = true
                    print(
                        "The room at \(address) did not answer: your steps wait, and go with a later command"
                            + " ('workbook room leave' stops them).")
                }
                return
            }
        }
    }
}
