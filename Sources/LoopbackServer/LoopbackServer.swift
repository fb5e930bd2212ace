import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP server, answering each request with what its handler makes of it: the demos serve
/// their bundled payloads with it on 127.0.0.1, so they run offline through the same `URLSession` code
/// that reaches the real API, and a workshop room serves its dashboard and takes its events with it on
/// the address it is told. It is no general server: one request per connection (no keep-alive), each on
/// a thread of its own, within the limits it is given.
package final class LoopbackServer: Sendable {
    /// What the server answers: a status, a body and its content type, and any headers of its own.
    package struct Response: Sendable, Equatable {
        package var status: Int
        package var body: Data
        package var contentType: String
        package var headers: [String: String]

        package init(
            status: Int = 200, body: Data, contentType: String = "application/json",
            headers: [String: String] = [:]
        ) {
            self.status = status
            self.body = body
            self.contentType = contentType
            self.headers = headers
        }
    }

    /// A request, read whole: its method, its target as sent (`/path?query`), the target's path and
    /// query (percent-decoded; nil when the target cannot be read), and its body.
    package struct Request: Sendable {
        /// The address of the machine that sent it ("192.168.1.20").
        package var peer: String
        /// Whether it came from this machine: 127.x, or an address of its own on a network.
        package var isFromThisMachine: Bool
        package var method: String
        package var target: String
        package var path: String?
        package var query: [String: String]
        package var body: Data

        package init(
            method: String, target: String, body: Data, peer: String = "127.0.0.1",
            isFromThisMachine: Bool = true
        ) {
            self.peer = peer
            self.isFromThisMachine = isFromThisMachine
            self.method = method
            self.target = target
            self.body = body
            let components = URLComponents(string: target)
            path = components?.path
            query = [:]
            for item in components?.queryItems ?? [] where query[item.name] == nil {
                query[item.name] = item.value ?? ""
            }
        }
    }

    /// What makes the answer to a request; it runs on the request's own thread, holding no lock.
    package typealias Handler = @Sendable (Request) -> Response

    package enum ServerError: Error, Equatable, CustomStringConvertible {
        /// The system refused a socket call; `call` names it, `code` is its `errno`.
        case socket(call: String, code: Int32)
        /// The address to listen on is not an IPv4 address written out, like 127.0.0.1 or 0.0.0.0.
        case address(String)

        package var description: String {
            switch self {
            case .address(let host):
                return
                    "'\(host)' is not an address to listen on: give an IPv4 address, like 127.0.0.1 or 0.0.0.0"
            case .socket(let call, let code) where code == EADDRINUSE:
                return "the port is taken: another program listens on it (\(call) was refused)"
            case .socket(let call, let code) where code == EMFILE || code == ENFILE:
                return "too many open files: the system refused \(call), for this process may open no more"
                    + " (its limit is 'ulimit -n')"
            case .socket(let call, let code):
                return "the system refused \(call): \(String(cString: strerror(code)))"
            }
        }
    }

    /// What a demo says when ``isOutOfFiles``.
    package static let outOfFiles =
        "too many open files: this process cannot open the files and sockets it needs (raise its limit,"
        + " 'ulimit -n', to 64 or more, or close what holds them)"

    /// Whether this process has reached its limit of open files: then a demo says so, rather than
    /// blaming the file or the socket it could not open.
    package static var isOutOfFiles: Bool {
        // Below this, the system's own libraries (Dispatch, URLSession) can trap when a call fails.
        if Sockets.openFileLimit < 64 { return true }
        let probe = open("/dev/null", O_RDONLY)
        guard probe >= 0 else { return errno == EMFILE || errno == ENFILE }
        Sockets.close(probe)
        return false
    }

    /// `http://<host>:<port>`, with the host it listens on.
    package let baseURL: URL
    package let port: UInt16
    private let core: ServerCore
    /// The routes of a server made with them, which note the requests answered.
    private let routeTable: RouteTable?

    /// What one server holds at most: past `connections` open at once, a new one is closed unanswered;
    /// request bodies held at once, over all connections, stay within `bodyBytes` (a body that would
    /// pass it is answered 503 unread); one request's head is at most `head` bytes (a longer one is
    /// answered 431) and its body at most `body` (a longer one is answered 413 unread); a request must
    /// arrive whole within `patience` seconds, or its connection is closed. One machine on the network
    /// holds at most `perPeer` connections at once, and this machine (127.x, or an address of its own)
    /// has `loopbackReserve` more than the others may take, so that a flood from the network cannot lock
    /// it out.
    package struct Limits: Sendable, Equatable {
        package var connections: Int
        package var bodyBytes: Int
        package var head: Int
        package var body: Int
        package var patience: Int
        package var perPeer: Int
        package var loopbackReserve: Int

        package init(
            connections: Int, bodyBytes: Int, head: Int = 1 << 20, body: Int = 64 << 20, patience: Int = 10,
            perPeer: Int = .max, loopbackReserve: Int = 0
        ) {
            self.connections = connections
            self.bodyBytes = bodyBytes
            self.head = head
            self.body = body
            self.patience = patience
            self.perPeer = perPeer
            self.loopbackReserve = loopbackReserve
        }

        /// Whether a new connection is taken, with `open` connections open and `fromPeer` of them from
        /// its machine.
        package func admits(open: Int, fromPeer: Int, isThisMachine: Bool) -> Bool {
            if isThisMachine { return open < connections + loopbackReserve }
            return open < connections && fromPeer < perPeer
        }

        package static let standard = Limits(connections: 64, bodyBytes: 64 << 20)
    }

    /// Starts serving `routes` (path → responses in the order they are to be given) at once, on
    /// 127.0.0.1 at a port the system picks.
    package convenience init(routes: [String: [Response]], limits: Limits = .standard) throws {
        let table = RouteTable(routes)
        try self.init(limits: limits, routeTable: table) { table.respond(to: $0) }
    }

    /// Starts serving at once on `host` (an IPv4 address; 0.0.0.0 is every network of the machine) and
    /// `port` (0: one the system picks), each request answered by `handler`.
    package convenience init(
        host: String = "127.0.0.1", port: UInt16 = 0, limits: Limits = .standard, handler: @escaping Handler
    ) throws {
        try self.init(host: host, port: port, limits: limits, routeTable: nil, handler: handler)
    }

    private init(
        host: String = "127.0.0.1", port: UInt16 = 0, limits: Limits, routeTable: RouteTable?,
        handler: @escaping Handler
    ) throws {
        self.routeTable = routeTable
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw ServerError.address(host) }
        let listener = socket(AF_INET, Sockets.streamType, 0)
        guard listener >= 0 else { throw ServerError.socket(call: "socket", code: errno) }
        Sockets.closeOnExec(listener)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        // A server started again on its port does not wait for the last one's connections to time out.
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 128) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        let chosen = UInt16(bigEndian: address.sin_port)
        guard bound, let url = URL(string: "http://\(host):\(chosen)") else {
            let code = errno
            Sockets.close(listener)
            throw ServerError.socket(call: "bind", code: code)
        }
        do {
            core = try ServerCore(listener: listener, handler: handler, limits: limits)
        } catch {
            Sockets.close(listener)
            throw error
        }
        self.port = chosen
        self.baseURL = url
        core.start(port: chosen)
    }

    deinit {
        core.stop()
    }

    /// The request lines a server made with routes has answered, in order ("GET /path"); none for one
    /// made with a handler, which keeps nothing of what it is sent.
    package var requests: [String] { routeTable?.requests ?? [] }

    /// How many connections it holds open now, and the most it held at once.
    package var openConnections: Int { core.record.withLock { $0.openConnections } }
    package var mostConnectionsAtOnce: Int { core.record.withLock { $0.mostConnections } }

    /// The length of each answered request's body, in the order of ``requests`` (routes only, too).
    package var bodySizes: [Int] { routeTable?.bodySizes ?? [] }

    /// Waits until the server has taken one more connection (one not waited for before) on a thread
    /// of its own: a test that opened one knows then that the server holds it.
    package func waitForAcceptedConnection() {
        core.accepted.wait()
    }

    /// Waits until the server holds no connection open: each that ends wakes it to look again.
    package func waitUntilNoConnections() {
        while openConnections > 0 { core.connectionEnded.wait() }
    }

    /// Stops listening: once it returns, connections are refused. The connections still open are
    /// closed by their own threads, at once unless an answer is being sent. Safe to call more than once,
    /// from any thread.
    package func stop() {
        core.stop()
    }
}
