import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP server on 127.0.0.1, at a port the system picks, answering each path with the responses
/// it was given: the demos serve their bundled payloads with it, so they run offline through the same
/// `URLSession` code that reaches the real API. It is no general server: one request per connection,
/// each on a thread of its own, for this machine only.
package final class LoopbackServer: Sendable {
    /// What the server answers: a status, a body and its content type.
    package struct Response: Sendable, Equatable {
        package var status: Int
        package var body: Data
        package var contentType: String

        package init(status: Int = 200, body: Data, contentType: String = "application/json") {
            self.status = status
            self.body = body
            self.contentType = contentType
        }
    }

    package enum ServerError: Error, Equatable, CustomStringConvertible {
        /// The system refused a socket call; `call` names it, `code` is its `errno`.
        case socket(call: String, code: Int32)

        package var description: String {
            switch self {
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

    /// `http://127.0.0.1:<port>`.
    package let baseURL: URL
    package let port: UInt16
    private let core: ServerCore

    /// What one server holds at most: past `connections` open at once, a new one is closed unanswered;
    /// request bodies held at once, over all connections, stay within `bodyBytes` (a body that would
    /// pass it is answered 503 unread).
    package struct Limits: Sendable, Equatable {
        package var connections: Int
        package var bodyBytes: Int

        package init(connections: Int, bodyBytes: Int) {
            self.connections = connections
            self.bodyBytes = bodyBytes
        }

        package static let standard = Limits(connections: 64, bodyBytes: 64 << 20)
    }

    /// Starts serving `routes` (path → responses in the order they are to be given) at once.
    package init(routes: [String: [Response]], limits: Limits = .standard) throws {
        let listener = socket(AF_INET, Sockets.streamType, 0)
        guard listener >= 0 else { throw ServerError.socket(call: "socket", code: errno) }
        Sockets.closeOnExec(listener)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        let port = UInt16(bigEndian: address.sin_port)
        guard bound, let url = URL(string: "http://127.0.0.1:\(port)") else {
            let code = errno
            Sockets.close(listener)
            throw ServerError.socket(call: "bind", code: code)
        }
        do {
            core = try ServerCore(listener: listener, routes: routes, limits: limits)
        } catch {
            Sockets.close(listener)
            throw error
        }
        self.port = port
        self.baseURL = url
        core.start(port: port)
    }

    deinit {
        core.stop()
    }

    /// The request lines it has answered, in order ("GET /path").
    package var requests: [String] { core.record.withLock { $0.requests } }

    /// The length of each answered request's body, in the order of ``requests``.
    package var bodySizes: [Int] { core.record.withLock { $0.bodySizes } }

    /// Waits until the server has taken one more connection (one not waited for before) on a thread
    /// of its own: a test that opened one knows then that the server holds it.
    package func waitForAcceptedConnection() {
        core.accepted.wait()
    }

    /// Stops listening: once it returns, connections are refused. The connections still open are
    /// closed by their own threads, at once unless an answer is being sent. Safe to call more than once,
    /// from any thread.
    package func stop() {
        core.stop()
    }
}
