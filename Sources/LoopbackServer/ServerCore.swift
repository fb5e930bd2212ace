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
        var requests: [String] = []
        var bodySizes: [Int] = []
        var stopped = false
        /// Connections being answered, and the body bytes they hold, against the server's limits.
        var openConnections = 0
        var heldBodyBytes = 0
        /// The most connections it held open at once.
        var mostConnections = 0
    }

    /// Seconds a connection may stay silent while its request is read, or blocked while its answer is
    /// sent.
    static let patience: Int32 = 10
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
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if [EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(errno) { continue }
                return  // out of descriptors, say: the server stops taking connections

            }
            guard take(\.openConnections, limit: limits.connections, amount: 1) else {
                Sockets.close(connection)  // as many as it may answer at once: this one is closed unanswered
                continue
            }
            Sockets.prepareConnection(connection, sendTimeout: Int(Self.patience))
            let thread = Thread { [self] in
                Connection(descriptor: connection, core: self).answer()
                // Counted out before the client sees the connection end, so that it may open another.
                give(\.openConnections, amount: 1)
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
            record.mostConnections = max(record.mostConnections, record.openConnections)
            return true
        }
    }

    func give(_ held: WritableKeyPath<Record, Int>, amount: Int) {
        record.withLock { $0[keyPath: held] -= amount }
    }

    /// The handler's answer to `request`, once the request is noted; the handler runs with no lock held.
    func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        record.withLock { record in
            record.requests.append("\(request.method) \(request.target)")
            record.bodySizes.append(request.body.count)
        }
        return handler(request)
    }
}

/// The answers of a server made with routes: each path's responses in order, its last one again.
final class RouteTable: Sendable {
    private let routes: Mutex<[String: [LoopbackServer.Response]]>

    init(_ routes: [String: [LoopbackServer.Response]]) {
        self.routes = Mutex(routes)
    }

    func respond(to request: LoopbackServer.Request) -> LoopbackServer.Response {
        routes.withLock { routes in
            let path = request.target
            guard var queue = routes[path], let next = queue.first else {
                return LoopbackServer.Response(
                    status: 404, body: Data("no such path: \(path)\n".utf8), contentType: "text/plain")
            }
            if queue.count > 1 {
                queue.removeFirst()
                routes[path] = queue
            }
            return next
        }
    }
}
