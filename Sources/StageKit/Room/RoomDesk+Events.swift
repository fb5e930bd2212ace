import Foundation
import LoopbackServer
import WorkbookModel

extension RoomDesk {
    /// Takes a list of events, all or none.
    func take(_ body: Data, from request: LoopbackServer.Request) -> LoopbackServer.Response {
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
        let answer = book.withLock { book -> LoopbackServer.Response in
            for event in events {
                if let refusal = book.state.refusal(of: event) {
                    return .text(403, "An event was refused: \(refusal).")
                }
            }
            let learners = Set(events.map(\.learner))
            if let refusal = newcomersRefusal(book, learners, from: request, at: received) { return refusal }
            let newcomers = newcomers(book, learners)
            guard book.state.eventCount + events.count <= limits.eventsInRoom,
                learners.allSatisfy({
                    (book.state.learners[$0]?.events ?? 0) + events.count <= limits.eventsPerLearner
                })
            else { return .text(403, "The room's record is full: it keeps \(limits.eventsInRoom) events.") }
            for learner in learners {
                var bucket =
                    book.learnerBuckets[learner]
                    ?? TokenBucket(
                        capacity: limits.learnerBurst, perSecond: limits.learnerRefill, now: received)
                guard bucket.take(1, at: received) else {
                    return .text(429, "Too many requests from one learner: they wait and are sent again.")
                }
                book.learnerBuckets[learner] = bucket
            }
            // Buckets of learners not in the room are let go, so that they stay as few as its learners.
            if book.learnerBuckets.count > limits.learners + limits.eventsPerRequest {
                book.learnerBuckets = book.learnerBuckets.filter {
                    learners.contains($0.key) || book.state.learners[$0.key]?.hasLeft == false
                }
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
            if !request.isFromThisMachine {
                book.learnersOfMachine[request.peer, default: []].formUnion(learners)
                if !newcomers.isEmpty {
                    var bucket = newcomerBucket(book, of: request.peer, at: received)
                    _ = bucket.take(Double(newcomers.count), at: received)
                    book.newcomerBuckets[request.peer] = bucket
                }
            }
            return LoopbackServer.Response(status: 204, body: Data(), contentType: "text/plain")
        }
        if answer.status == 500 {
            tellTrouble(String(decoding: answer.body, as: UTF8.self))
        } else if answer.status == 204 {
            toldTrouble.store(false, ordering: .releasing)  // a later trouble is said again
        }
        return answer
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

    /// A page of the room's. Its policy runs only the room's own script files (`script-src 'self'`):
    /// no script written into a page, and no handler in an attribute (`onerror=`), runs, whatever text
    /// got into it. Styles may be written into a page; nothing else may be loaded.
    static func html(_ page: String) -> Self {
        Self(
            status: 200, body: Data(page.utf8), contentType: "text/html; charset=utf-8",
            headers: [
                "Content-Security-Policy":
                    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self';"
                    + " base-uri 'none'; form-action 'none'",
                "X-Content-Type-Options": "nosniff",
            ])
    }

    /// A script file of the room's, which its pages' policy lets them run.
    static func javascript(_ script: String) -> Self {
        Self(
            status: 200, body: Data(script.utf8), contentType: "text/javascript; charset=utf-8",
            headers: ["X-Content-Type-Options": "nosniff"])
    }

    static func json(_ value: some Encodable) -> Self {
        Self(status: 200, body: (try? JSONEncoder.room.encode(value)) ?? Data("{}".utf8))
    }
}
