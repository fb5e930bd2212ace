import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP server inside the test process, on 127.0.0.1 at a port the system picks: a real socket
/// for `URLSession` to talk to. It answers `GET /name` with the file of that name (404 for any other)
/// until `stop()`. It is a thread of the test process, not a process of its own, so nothing of it can
/// outlive the test run, however the run ends.
final class LoopbackFileServer: Sendable {
    let baseURL: URL
    private let listener: Int32
    private let address: sockaddr_in
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    enum ServerError: Error {
        case noSocket(errno: Int32)
    }

    /// Serves `files` (name → content) until `stop()`.
    init(serving files: [String: Data]) throws {
        // A client that hangs up early makes a write fail; it must not stop the test process.
        signal(SIGPIPE, SIG_IGN)
        let listener = Self.streamSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)  // 127.0.0.1, port 0: any free one
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard listener >= 0, listening,
            let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")
        else {
            let problem = errno
            if listener >= 0 { close(listener) }
            throw ServerError.noSocket(errno: problem)
        }
        self.listener = listener
        self.address = address
        baseURL = url
        Thread.detachNewThread { [self] in acceptConnections(serving: files) }
    }

    /// Stops listening, and returns once the server's thread has ended.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        // A connection of its own wakes the thread waiting in accept, which then sees it must stop.
        let waker = Self.streamSocket()
        var address = self.address
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(waker, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(waker)
        finished.wait()
        close(listener)
    }

    private func acceptConnections(serving files: [String: Data]) {
        defer { finished.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if stopping.load(ordering: .sequentiallyConsistent) {
                if connection >= 0 { close(connection) }
                return
            }
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            // A client that connects and sends nothing must not hold up the server, nor stop().
            var patience = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
            answer(connection, from: files)
            close(connection)
        }
    }

    /// Reads the request's head, and writes the file it names with its length, or a 404.
    private func answer(_ connection: Int32, from files: [String: Data]) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 65_536, !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            request += buffer[0..<count]
        }
        // "GET /feed.json HTTP/1.1": the path, without its "/".
        let words = String(decoding: request, as: UTF8.self).prefix { $0 != "\r" }.split(separator: " ")
        let body = words.count > 1 ? files[String(words[1].dropFirst())] : nil
        let head =
            "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\n"
            + "Content-Length: \(body?.count ?? 0)\r\nConnection: close\r\n\r\n"
        let response = Data(head.utf8) + (body ?? Data())
        response.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var sent = 0
            while sent < bytes.count {
                let count = send(connection, start + sent, bytes.count - sent, 0)
                guard count > 0 else { return }
                sent += count
            }
        }
    }

    /// A TCP socket: SOCK_STREAM is 1 on Linux and on Apple platforms, though the two SDKs give it
    /// different types.
    private static func streamSocket() -> Int32 {
        socket(AF_INET, 1, 0)
    }
}
