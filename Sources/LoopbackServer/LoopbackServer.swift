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
public final class LoopbackServer: Sendable {
    /// What the server answers: a status, a body and its content type.
    public struct Response: Sendable, Equatable {
        public var status: Int
        public var body: Data
        public var contentType: String

        public init(status: Int = 200, body: Data, contentType: String = "application/json") {
            self.status = status
            self.body = body
            self.contentType = contentType
        }
    }

    public enum ServerError: Error, Equatable {
        /// The system refused a socket call; `call` names it, `code` is its `errno`.
        case socket(call: String, code: Int32)
    }

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    public let port: UInt16
    private let core: ServerCore

    /// Starts serving `routes` (path → responses in the order they are to be given) at once.
    public init(routes: [String: [Response]]) throws {
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
            core = try ServerCore(listener: listener, routes: routes)
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
    public var requests: [String] { core.record.withLock { $0.requests } }

    /// The length of each answered request's body, in the order of ``requests``.
    public var bodySizes: [Int] { core.record.withLock { $0.bodySizes } }

    /// Stops listening: once it returns, connections are refused. The connections still open are
    /// closed by their own threads, at once unless an answer is being sent. Safe to call more than once,
    /// from any thread.
    public func stop() {
        core.stop()
    }
}
