import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP server on 127.0.0.1, at a port the system picks, answering each path with the responses
/// it was given: the demos serve their bundled payloads with it, so they run offline through the same
/// `URLSession` code that reaches the real API. It is no general server: one request per connection,
/// no request bodies, for this machine only.
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
    private let listener: Int32
    /// The responses still to give, by path; the last one of a path is given again and again.
    private let routes: Mutex<[String: [Response]]>
    private let served: Mutex<[String]>

    /// Starts serving `routes` (path → responses in the order they are to be given) at once.
    public init(routes: [String: [Response]]) throws {
        let listener = socket(AF_INET, Self.streamType, 0)
        guard listener >= 0 else { throw ServerError.socket(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
            let code = errno
            close(listener)
            throw ServerError.socket(call: "bind", code: code)
        }
        self.listener = listener
        self.port = UInt16(bigEndian: address.sin_port)
        self.baseURL = url
        self.routes = Mutex(routes)
        self.served = Mutex([])
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "LoopbackServer \(port)"
        thread.start()
    }

    deinit {
        stop()
    }

    /// The request lines it has answered, in order ("GET /path").
    public var requests: [String] { served.withLock { $0 } }

    /// Stops listening. Safe to call more than once.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptConnections() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            answer(connection)
            close(connection)
        }
        close(listener)
    }

    private func answer(_ connection: Int32) {
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard let requestLine = readRequestLine(connection) else { return }
        let parts = requestLine.split(separator: " ")
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        served.withLock { $0.append(parts.prefix(2).joined(separator: " ")) }
        let response =
            routes.withLock { routes -> Response? in
                guard var queue = routes[path], let next = queue.first else { return nil }
                if queue.count > 1 {
                    queue.removeFirst()
                    routes[path] = queue
                }
                return next
            } ?? Response(status: 404, body: Data("no such path: \(path)\n".utf8), contentType: "text/plain")
        let head =
            "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + "Connection: close\r\n\r\n"
        send(Data(head.utf8) + response.body, to: connection)
    }

    /// Reads the request's head (up to its blank line) and returns its first line.
    private func readRequestLine(_ connection: Int32) -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
            if received.range(of: Data("\r\n\r\n".utf8)) != nil { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        return text.split(separator: "\r\n", maxSplits: 1).first.map(String.init)
    }

    private func send(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = Self.sendBytes(connection, base + offset, bytes.count - offset)
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    private static func sendBytes(_ connection: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(connection, pointer, count, Int32(MSG_NOSIGNAL))
        #else
            return Darwin.send(connection, pointer, count, 0)
        #endif
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            return Int32(SOCK_STREAM.rawValue)
        #else
            return SOCK_STREAM
        #endif
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
