import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server's threads share: the listening socket, the pipe that wakes them to stop, and the
/// answers. The threads hold this core, not the server, so letting the server go stops them.
final class ServerCore: Sendable {
    struct Record: Sendable {
        var stopped = false
        /// Connections being answered, and the body bytes they hold, against the server's limits.
        var openConnections = 0
        /// The connections open from each machine but this one, by address.
        var openFromPeer: [UInt32: Int] = [:]
        var heldBodyBytes = 0
        /// The most connections it held open at once.
        var mostConnections = 0
    }

    /// Seconds a connection may stay blocked while its answer is sent.
    static let sendPatience = 10
    let listener: Int32
    /// Written to once by `stop()` and never read: every thread polls it, and sees it ready from then on.
    let wake: (read: Int32, write: Int32)
    let record: Mutex<Record>
    let limits: LoopbackServer.Limits
    let handler: LoopbackServer.Handler
    /// Signalled when the accept thread has closed the listener.
    private let listenerClosed = DispatchSemaphore(value: 0)
    /// Signalled once for each connection a thread of its own has taken.
    let accepted = DispatchSemaphore(value: 0)
    /// Signalled each time a connection is counted out.
    let connectionEnded = DispatchSemaphore(value: 0)

    init(listener: Int32, handler: @escaping LoopbackServer.Handler, limits: LoopbackServer.Limits)
        throws(LoopbackServer.ServerError)
    {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .socket(call: "pipe", code: errno) }
        for end in ends { Sockets.closeOnExec(end) }
        self.listener = listener
        self.wake = (ends[0], ends[1])
        self.record = Mutex(Record())
        self.limits = limits
        self.handler = handler
    }

    deinit {
        // Every thread holds this core, so none is left to poll the pipe.
        Sockets.close(wake.read)
        Sockets.close(wake.write)
    }

    func start(port: UInt16) {
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "LoopbackServer \(port)"
        thread.start()
    }

    /// Wakes every thread and returns once the listener is closed, however many callers stop it.
    func stop() {
        let first = record.withLock { record in
            defer { record.stopped = true }
            return !record.stopped
        }
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
        // Each caller waits for the signal and passes it on to the next.
        listenerClosed.wait()
        listenerClosed.signal()
    }

    /// Takes connections until woken, each on a thread of its own, then closes the listener: here, once.
    private func acceptConnections() {
        defer {
            Sockets.close(listener)
            listenerClosed.signal()
        }
        while Sockets.waitForInput(listener, orWake: wake.read, milliseconds: -1) == .readable {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let connection = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard connection >= 0 else {
                if [EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(errno) { continue }
                // Out of descriptors, say: the server tries again a tenth of a second later (or stops, if
                // it is told to meanwhile), rather than stop taking connections for good.
                if Sockets.waitForInput(wake.read, orWake: wake.read, milliseconds: 100) != .timedOut {
                    return
                }
                continue
            }
            let peer = UInt32(bigEndian: address.sin_addr.s_addr)
            // This machine is 127.x, or one of its own addresses on a network (its dashboard's address).
            var local = sockaddr_in()
            var localLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    getsockname(connection, $0, &localLength)
                }
            }
            let isThisMachine =
                peer >> 24 == 127 || (named == 0 && UInt32(bigEndian: local.sin_addr.s_addr) == peer)
            let admitted = record.withLock { record in
                let fromPeer = isThisMachine ? 0 : record.openFromPeer[peer, default: 0]
                guard
                    limits.admits(
                        open: record.openConnections, fromPeer: fromPeer, isThisMachine: isThisMachine)
                else { return false }
                record.openConnections += 1
                if !isThisMachine { record.openFromPeer[peer, default: 0] += 1 }
                record.mostConnections = max(record.mostConnections, record.openConnections)
                return true
            }
            guard admitted else {
                Sockets.close(connection)  // as many as it may answer at once: this one is closed unanswered
                continue
            }
            Sockets.prepareConnection(connection, sendTimeout: Self.sendPatience)
            let dotted = [24, 16, 8, 0].map { String((peer >> $0) & 0xFF) }.joined(separator: ".")
            let thread = Thread { [self] in
                Connection(descriptor: connection, core: self, peer: dotted, isThisMachine: isThisMachine)
                    .answer()
                // Counted out before the client sees the connection end, so that it may open another.
                record.withLock { record in
                    record.openConnections -= 1
                    if !isThisMachine {
                        record.openFromPeer[peer, default: 1] -= 1
                        if record.openFromPeer[peer] == 0 { record.openFromPeer[peer] = nil }
                    }
                }
                connectionEnded.signal()
                Sockets.close(connection)
            }
            thread.name = "LoopbackServer connection"
            thread.start()
            accepted.signal()
        }
    }

    /// Takes `amount` of what `limit` bounds, if that much is left.
    func take(_ held: WritableKeyPath<Record, Int>, limit: Int, amount: Int) -> Bool {
        record.withLock { record in
            guard record[keyPath: held] + amount <= limit else { return false }
            record[keyPath: held] += amount
            return true
        }
    }

    func give(_ held: WritableKeyPath<Record, Int>, amount: Int) {
        record.withLock { $0[keyPath: held] -= amount }
    }

    /// The handler's answer to `request`; the handler runs with no lock held.
    func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        handler(request)
    }
}

/// The answers of a server made with routes: each path's responses in order, its last one again. It
/// notes every request it answers, for the tests that made it: a server made with a handler notes
/// none, so that what it holds does not grow with what it is sent.
final class RouteTable: Sendable {
    private struct Table {
        var routes: [String: [LoopbackServer.Response]]
        var requests: [String] = []
        var bodySizes: [Int] = []
    }

    private let table: Mutex<Table>

    init(_ routes: [String: [LoopbackServer.Response]]) {
        table = Mutex(Table(routes: routes))
    }

    var requests: [String] { table.withLock { $0.requests } }
    var bodySizes: [Int] { table.withLock { $0.bodySizes } }

    func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        table.withLock { table in
            table.requests.append("\(request.method) \(request.target)")
            table.bodySizes.append(request.body.count)
            let path = request.target
            guard var queue = table.routes[path], let next = queue.first else {
                return LoopbackServer.Response(
                    status: 404, body: Data("no such path: \(path)\n".utf8), contentType: "text/plain")
            }
            if queue.count > 1 {
                queue.removeFirst()
                table.routes[path] = queue
            }
            return next
        }
    }
}
