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
        /// Learners: the next one is refused (429).
        package var learners = 100
        /// Events in one request.
        package var eventsPerRequest = 50
        /// Requests a learner may send at once, and how many more each second.
        package var learnerBurst = 30.0
        package var learnerRefill = 5.0
        /// Events the room takes at once, and how many more each second, from all learners.
        package var roomBurst = 2_000.0
        package var roomRefill = 1_000.0

        package init() {}
    }

    private struct Book {
        var state = RoomState()
        var learnerBuckets: [String: TokenBucket] = [:]
        var roomBucket: TokenBucket
    }

    package let code: String
    package let workbook: Workbook
    let ledger: RoomLedger
    let limits: Limits
    let now: @Sendable () -> Date
    /// Minutes on one step past which the dashboard lists a learner as stuck, unless its page says.
    let stuckAfter: Int
    private let book: Mutex<Book>

    /// A desk with the ledger's events taken again; the number of damaged lines skipped is returned
    /// beside it.
    package static func open(
        workbook: Workbook, ledger: RoomLedger, code: String, stuckAfter: Int, limits: Limits = Limits(),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(StageKitError) -> (desk: RoomDesk, damagedLines: Int) {
        let (records, damaged) = try ledger.load()
        var state = RoomState()
        for record in records { state.apply(record) }
        let desk = RoomDesk(
            workbook: workbook, ledger: ledger, code: code, stuckAfter: stuckAfter, limits: limits, now: now,
            state: state)
        return (desk, damaged)
    }

    private init(
        workbook: Workbook, ledger: RoomLedger, code: String, stuckAfter: Int, limits: Limits,
        now: @escaping @Sendable () -> Date, state: RoomState
    ) {
        self.workbook = workbook
        self.ledger = ledger
        self.code = code
        self.stuckAfter = stuckAfter
        self.limits = limits
        self.now = now
        let bucket = TokenBucket(capacity: limits.roomBurst, perSecond: limits.roomRefill, now: now())
        book = Mutex(Book(state: state, roomBucket: bucket))
    }

    /// The state as it is now.
    package var state: RoomState { book.withLock { $0.state } }

    package func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        guard let path = request.path else { return .text(400, "That address cannot be read.") }
        guard request.query["code"] == code else {
            return .text(403, "This room needs its code: add ?code= and the code the facilitator shows.")
        }
        let page = DashboardOptions(query: request.query, standardStuckAfter: stuckAfter)
        switch (request.method, path) {
        case ("POST", "/events"): return take(request.body)
        case ("GET", "/hello"):
            return LoopbackServer.Response(status: 204, body: Data(), contentType: "text/plain")
        case ("GET", "/"): return .html(DashboardPage(desk: self, options: page, at: now()).page())
        case ("GET", "/board"): return .html(DashboardPage(desk: self, options: page, at: now()).board())
        case ("GET", "/state"): return .json(RoomSummary(state))
        case ("GET", _) where path.hasPrefix("/step/"):
            let id = String(path.dropFirst("/step/".count))
            guard let text = StepPage(workbook: workbook, step: id, code: code)?.page() else {
                return .text(404, "There is no step '\(id.prefix(20))' in this workbook.")
            }
            return .html(text)
        case (_, "/events"), (_, "/hello"), (_, "/"), (_, "/board"), (_, "/state"):
            return .text(405, "\(request.method.prefix(10)) is not a way to ask for \(path).")
        default:
            return .text(404, "There is no page \(path.prefix(60)) in a room.")
        }
    }

    /// Takes a list of events, all or none.
    private func take(_ body: Data) -> LoopbackServer.Response {
        guard let events = try? JSONDecoder.room.decode([RoomEvent].self, from: body) else {
            return .text(400, "The body is not a list of events as 'workbook' sends them.")
        }
        guard (1...limits.eventsPerRequest).contains(events.count) else {
            return .text(400, "A request carries 1 to \(limits.eventsPerRequest) events.")
        }
        if let problem = events.lazy.compactMap({ $0.problem(in: self.workbook) }).first {
            return .text(400, "An event was refused: \(problem).")
        }
        let received = now()
        return book.withLock { book -> LoopbackServer.Response in
            let newcomers = Set(events.map(\.learner)).filter { book.state.learners[$0] == nil }
            guard book.state.learners.count + newcomers.count <= limits.learners else {
                return .text(429, "The room is full: it takes \(limits.learners) learners.")
            }
            for learner in Set(events.map(\.learner)) {
                var bucket =
                    book.learnerBuckets[learner]
                    ?? TokenBucket(
                        capacity: limits.learnerBurst, perSecond: limits.learnerRefill, now: received)
                guard bucket.take(1, at: received) else {
                    return .text(429, "Too many requests from one learner: they wait and are sent again.")
                }
                book.learnerBuckets[learner] = bucket
            }
            // Buckets of learners the room did not take are let go, so that they stay as few as learners.
            if book.learnerBuckets.count > limits.learners {
                book.learnerBuckets = book.learnerBuckets.filter { book.state.learners[$0.key] != nil }
            }
            guard book.roomBucket.take(Double(events.count), at: received) else {
                return .text(429, "Too many events at once: they wait and are sent again.")
            }
            var state = book.state
            let records = events.compactMap { event -> RoomRecord? in
                guard !state.hasTaken(event) else { return nil }
                let record = RoomRecord(received: received, event: event)
                state.apply(record)
                return record
            }
            do {
                if !records.isEmpty { try ledger.append(records) }
            } catch {
                return .text(500, "The room could not keep the events: \(error)")
            }
            book.state = state
            return LoopbackServer.Response(status: 204, body: Data(), contentType: "text/plain")
        }
    }
}

/// So many at once, and so many more each second.
struct TokenBucket: Sendable {
    let capacity: Double
    let perSecond: Double
    private var tokens: Double
    private var last: Date

    init(capacity: Double, perSecond: Double, now: Date) {
        self.capacity = capacity
        self.perSecond = perSecond
        tokens = capacity
        last = now
    }

    mutating func take(_ amount: Double, at now: Date) -> Bool {
        tokens = min(capacity, tokens + max(0, now.timeIntervalSince(last)) * perSecond)
        last = max(last, now)
        guard tokens >= amount else { return false }
        tokens -= amount
        return true
    }
}

extension LoopbackServer.Response {
    static func text(_ status: Int, _ sentence: String) -> Self {
        Self(status: status, body: Data((sentence + "\n").utf8), contentType: "text/plain; charset=utf-8")
    }

    static func html(_ page: String) -> Self {
        Self(
            status: 200, body: Data(page.utf8), contentType: "text/html; charset=utf-8",
            headers: [
                "Content-Security-Policy":
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
                "X-Content-Type-Options": "nosniff",
            ])
    }

    static func json(_ value: some Encodable) -> Self {
        Self(status: 200, body: (try? JSONEncoder.room.encode(value)) ?? Data("{}".utf8))
    }
}
