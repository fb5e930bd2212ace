import Foundation
import LoopbackServer
import Synchronization
import WorkbookModel

/// Where a room's requests are answered: it checks each against the room's code and limits, takes
/// learners' events into the ledger and the state, and makes the dashboard's pages. Bad input is
/// answered 4xx and changes nothing.
package final class RoomDesk: Sendable {
    /// What one room takes at most.
    package struct Limits: Sendable {
        /// Learners in the room at once (not those who left): the next one is refused.
        var learners = 100
        /// Learners in the room from one machine on the network (a pair shares one; this machine has no
        /// limit).
        var learnersPerMachine = 3
        /// New learners one machine on the network may bring at once, and how many more each second (one
        /// each 10 s): a flood of learners arriving and leaving from one machine slows to a trickle.
        var newcomersPerMachineBurst = 6.0
        var newcomersPerMachineRefill = 0.1
        /// Events the room keeps from one learner, and from all: a day's commands are far fewer.
        var eventsPerLearner = 5_000
        var eventsInRoom = 100_000
        /// Events in one request.
        var eventsPerRequest = 50
        /// Requests a learner may send at once, and how many more each second.
        var learnerBurst = 30.0
        var learnerRefill = 5.0
        /// Events the room takes at once, and how many more each second, from all learners.
        var roomBurst = 2_000.0
        var roomRefill = 1_000.0

        init() {}
    }

    struct Book {
        var state = RoomState()
        var learnerBuckets: [String: TokenBucket] = [:]
        var roomBucket: TokenBucket
        /// The learners each machine on the network sent events of, since the room opened.
        var learnersOfMachine: [String: Set<String>] = [:]
        /// For each machine on the network, the new learners it may still bring.
        var newcomerBuckets: [String: TokenBucket] = [:]
    }

    let code: String
    let workbook: Workbook
    let ledger: RoomLedger
    let limits: Limits
    let now: @Sendable () -> Date
    /// Minutes on one step past which the dashboard lists a learner as stuck, unless its page says.
    let stuckAfter: Int
    /// Told, once, when the room cannot keep events: the facilitator must hear it.
    let trouble: @Sendable (String) -> Void
    let toldTrouble = Atomic<Bool>(false)
    let book: Mutex<Book>

    /// A desk with the ledger's events taken again; the number of damaged lines skipped is returned
    /// beside it.
    package static func open(
        workbook: Workbook, ledger: RoomLedger, code: String, stuckAfter: Int, limits: Limits = Limits(),
        now: @escaping @Sendable () -> Date = Date.init,
        trouble: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StageKitError) -> (desk: RoomDesk, damagedLines: Int) {
        let (records, damaged) = try ledger.load()
        var state = RoomState()
        for record in records { state.apply(record) }
        let desk = RoomDesk(
            workbook: workbook, ledger: ledger, code: code, stuckAfter: stuckAfter, limits: limits, now: now,
            trouble: trouble, state: state)
        return (desk, damaged)
    }

    private init(
        workbook: Workbook, ledger: RoomLedger, code: String, stuckAfter: Int, limits: Limits,
        now: @escaping @Sendable () -> Date, trouble: @escaping @Sendable (String) -> Void, state: RoomState
    ) {
        self.workbook = workbook
        self.ledger = ledger
        self.code = code
        self.stuckAfter = stuckAfter
        self.limits = limits
        self.now = now
        self.trouble = trouble
        let bucket = TokenBucket(capacity: limits.roomBurst, perSecond: limits.roomRefill, now: now())
        book = Mutex(Book(state: state, roomBucket: bucket))
    }

    /// The state as it is now.
    package var state: RoomState { book.withLock { $0.state } }

    func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        guard let path = request.path else { return .text(400, "That address cannot be read.") }
        // A code read off a projector may be typed in lower case.
        guard request.query["code"]?.uppercased() == code else {
            return .text(403, "This room needs its code: add ?code= and the room's code to the address.")
        }
        let page = DashboardOptions(query: request.query, code: code, standardStuckAfter: stuckAfter)
        switch (request.method, path) {
        case ("POST", "/events"): return take(request.body, from: request)
        case ("GET", "/hello"): return hello(request.query["learner"], from: request)
        case ("GET", "/"): return .html(DashboardPage(desk: self, options: page, at: now()).page())
        case ("GET", "/board"): return .html(DashboardPage(desk: self, options: page, at: now()).board())
        case ("GET", "/dashboard.js"): return .javascript(DashboardPage.script)
        case ("GET", "/state"): return .json(RoomSummary(state))
        case ("GET", _) where path.hasPrefix("/step/"):
            let id = String(path.dropFirst("/step/".count))
            guard let text = StepPage(workbook: workbook, step: id, back: page.query())?.page() else {
                return .text(404, "There is no step '\(id.prefix(20))' in this workbook.")
            }
            return .html(text)
        case (_, "/events"), (_, "/hello"), (_, "/"), (_, "/board"), (_, "/dashboard.js"), (_, "/state"):
            return .text(405, "\(request.method.prefix(10)) is not a way to ask for \(path).")
        default:
            return .text(404, "There is no page \(path.prefix(60)) in a room.")
        }
    }

    /// The answer to a learner who joins: yes, unless the room does not know them and cannot take one
    /// more, from their machine or at all.
    private func hello(_ learner: String?, from request: LoopbackServer.Request) -> LoopbackServer.Response {
        let at = now()
        let refusal = book.withLock { book in
            newcomersRefusal(book, learner.map { [$0] } ?? ["a newcomer"], from: request, at: at)
        }
        if let refusal { return refusal }
        return LoopbackServer.Response(status: 204, body: Data(), contentType: "text/plain")
    }

    /// Those of `learners` the room does not have in it: it never heard of them, or they left.
    func newcomers(_ book: Book, _ learners: Set<String>) -> Set<String> {
        learners.filter { book.state.learners[$0] == nil || book.state.learners[$0]?.hasLeft == true }
    }

    /// Why the room cannot take these learners, if they are not in it, as its answer: it counts the
    /// learners present (those who left make room), and a machine on the network's newcomers.
    func newcomersRefusal(
        _ book: Book, _ learners: Set<String>, from request: LoopbackServer.Request, at time: Date
    ) -> LoopbackServer.Response? {
        let newcomers = newcomers(book, learners)
        guard !newcomers.isEmpty else { return nil }
        guard book.state.learnersInOrder.count + newcomers.count <= limits.learners else {
            return .text(403, "The room is full: it takes \(limits.learners) learners.")
        }
        guard !request.isFromThisMachine else { return nil }
        let ofMachine = book.learnersOfMachine[request.peer, default: []].filter {
            book.state.learners[$0]?.hasLeft == false
        }
        guard ofMachine.union(newcomers).count <= limits.learnersPerMachine else {
            return .text(403, "One machine joins the room as \(limits.learnersPerMachine) learners at most.")
        }
        var bucket = newcomerBucket(book, of: request.peer, at: time)
        guard bucket.take(Double(newcomers.count), at: time) else {
            return .text(429, "Too many new learners from one machine: join again in a minute.")
        }
        return nil
    }

    /// The new learners a machine on the network may still bring.
    func newcomerBucket(_ book: Book, of machine: String, at time: Date) -> TokenBucket {
        book.newcomerBuckets[machine]
            ?? TokenBucket(
                capacity: limits.newcomersPerMachineBurst, perSecond: limits.newcomersPerMachineRefill,
                now: time)
    }

    /// Says `problem` to the facilitator, the first time only.
    func tellTrouble(_ problem: String) {
        if !toldTrouble.exchange(true, ordering: .acquiringAndReleasing) { trouble(problem) }
    }
}
