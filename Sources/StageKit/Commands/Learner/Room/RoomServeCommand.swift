import Foundation
import WorkbookModel
import WorkbookRoom

/// `workbook room serve`: opens a workshop room on this machine, for the facilitator.
struct RoomServeCommand: LearnerCommand {
    static let bind = OptionDeclaration.value(
        "--bind", "ADDRESS",
        "the address to listen on (0.0.0.0, every network of this machine, unless you say)")
    static let port = OptionDeclaration.value(
        "--port", "PORT", "the port (the room's last one, or 8321, unless you say; 0: any free one)")
    static let stuckAfter = OptionDeclaration.value(
        "--stuck-after", "MIN",
        "minutes on one step past which the dashboard lists a learner (15 unless you say)")
    static let declaration = CommandDeclaration(
        "room serve", "open a workshop room here, with a dashboard of its learners",
        options: [bind, port, stuckAfter],
        discussion: """
            The room keeps its code and events in .workbook-room/ of the folder you start it from: started \
            again there, it has them all. It runs until Ctrl-C. Learners send their step, the verdict of \
            their checks and the first line a check showed; never their code.
            """)
    static var holdsLock: Bool { false }

    let host: String
    let port: UInt16?
    let stuckMinutes: Int

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        host = arguments.value(Self.bind) ?? "0.0.0.0"
        if let text = arguments.value(Self.port) {
            guard let port = UInt16(text) else {
                throw .usage("--port takes a port from 0 to 65535, not '\(text)'")
            }
            self.port = port
        } else {
            port = nil
        }
        let minutes = arguments.value(Self.stuckAfter) ?? "15"
        guard let stuck = Int(minutes), (1...600).contains(stuck) else {
            throw .usage("--stuck-after takes minutes from 1 to 600, not '\(minutes)'")
        }
        stuckMinutes = stuck
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let ledger = try RoomLedger(in: session.currentFolder)
        let lock = try ledger.holdForServing()
        var settings = try ledger.settings()
        // Said on the terminal as it happens, from the thread of the request that met it.
        let (desk, damaged) = try RoomDesk.open(
            workbook: session.workbook, ledger: ledger, code: settings.code, stuckAfter: stuckMinutes,
            trouble: { problem in Terminal.printLine("The room has a problem: \(problem)", to: .standardError)
            })
        let server = try RoomServer(desk: desk, host: host, port: port ?? settings.port)
        // The port it listens on is kept, so that started again it is where learners' links point.
        if settings.port != server.port {
            settings.port = server.port
            try ledger.save(settings)
        }
        let code = settings.code
        let addresses = server.addresses
        let shown = addresses.first?.address ?? "127.0.0.1"
        session.print("Room \(code) is open.")
        session.print("Learners join it with:")
        session.print(
            "  swift run workbook room join \(shown):\(server.port) --code \(code) --name \"Their name\"")
        session.print("Dashboard: http://\(shown):\(server.port)/?code=\(code)")
        if addresses.count > 1 {
            let others = addresses.dropFirst().map { "\($0.address) (\($0.interface))" }
            session.print(
                "This machine has other addresses: \(others.joined(separator: ", ")); give learners the one"
                    + " on their network.")
        }
        if addresses.isEmpty {
            session.print(
                "This machine is on no network but its own: learners on other machines cannot reach the room"
                    + " until it joins theirs.")
        }
        let reach = host == "0.0.0.0" ? "every network of this machine" : "\(host) only"
        session.print(
            "It listens on \(host):\(server.port) (\(reach)) and keeps its events in \(ledger.events.path).")
        let state = desk.state
        if state.eventCount > 0 {
            session.print(
                "It has \(state.eventCount) events of \(state.learners.count) learners from before.")
        }
        if damaged > 0 {
            session.print("\(damaged) lines of \(ledger.events.path) could not be read, and were skipped.")
        }
        session.print(
            "Ctrl-C closes it; 'workbook room serve' here opens it again, with its code and events;"
                + " 'workbook room report' writes them as CSV.")
        session.effects.waitUntilStopped()
        server.stop()
        withExtendedLifetime(lock) {}
        return 0
    }
}
