import Foundation
import LoopbackServer
import Synchronization

@testable import WorkbookModel
@testable import WorkbookRoom

/// A room on the fixture workbook (chapter 1, steps 1.1 and 1.2), its ledger in a folder of the
/// fixture, and a clock the test moves by hand. A test deletes the fixture when it ends: a server's
/// threads may hold the harness a moment longer, and the process may end before they let it go.
final class RoomHarness: Sendable {
    let fixture: WorkbookFixture
    let workbook: Workbook
    let ledger: RoomLedger
    let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    static let code = "K7QX2M"

    init() throws {
        fixture = try WorkbookFixture()
        workbook = try fixture.load()
        ledger = try RoomLedger(in: fixture.root)
    }

    /// A desk on the ledger, with what it took before.
    func openDesk(limits: RoomDesk.Limits = RoomDesk.Limits()) throws -> RoomDesk {
        try RoomDesk.open(
            workbook: workbook, ledger: ledger, code: Self.code, stuckAfter: 15, limits: limits,
            now: { self.clock.withLock { $0 } }
        ).desk
    }

    func advance(seconds: Double) {
        clock.withLock { $0 += seconds }
    }

    /// The events file as it is, or nil when there is none.
    var eventsFile: Data? { FileManager.default.contents(atPath: ledger.events.path) }

    static func event(
        _ learner: String, _ sequence: Int, step: String = "1.1", verdict: RoomEvent.Kind = .arrived,
        shown: String? = nil, name: String? = nil
    ) -> RoomEvent {
        RoomEvent(
            learner: learner, secret: secret(of: learner), name: name, sequence: sequence, step: step,
            verdict: verdict, shown: shown, sent: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A learner's secret, the same for each event of theirs.
    static func secret(of learner: String) -> String { "secret-of-\(learner)-0123456789" }

    static func body(_ events: [RoomEvent]) -> Data {
        (try? JSONEncoder.room.encode(events)) ?? Data()
    }
}

extension RoomDesk {
    /// Answers a request as the server would hand it over.
    func answer(_ method: String, _ target: String, body: Data = Data(), from machine: String = "127.0.0.1")
        -> LoopbackServer.Response
    {
        respond(
            to: LoopbackServer.Request(
                method: method, target: target, body: body, peer: machine,
                isFromThisMachine: machine.hasPrefix("127.")))
    }

    func post(_ events: [RoomEvent], code: String = RoomHarness.code, from machine: String = "127.0.0.1")
        -> LoopbackServer.Response
    {
        respond(
            to: LoopbackServer.Request(
                method: "POST", target: "/events?code=\(code)", body: RoomHarness.body(events), peer: machine,
                isFromThisMachine: machine.hasPrefix("127.")))
    }
}

extension LoopbackServer.Response {
    var text: String { String(decoding: body, as: UTF8.self) }
}
