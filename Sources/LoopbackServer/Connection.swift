import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One client's connection: it reads one request, head and body (by its `Content-Length`; chunked
/// bodies are not read), and sends the handler's answer. A request that has not arrived whole within
/// the server's patience is given up on, as it is at once when the server stops.
struct Connection {
    let descriptor: Int32
    let core: ServerCore
    let peer: String
    let isThisMachine: Bool
    /// When the whole request must have arrived: a client sending a byte now and then is not waited for
    /// past it.
    let deadline: ContinuousClock.Instant

    init(descriptor: Int32, core: ServerCore, peer: String, isThisMachine: Bool) {
        self.descriptor = descriptor
        self.core = core
        self.peer = peer
        self.isThisMachine = isThisMachine
        deadline = .now + .seconds(core.limits.patience)
    }

    func answer() {
        let limit = core.limits.head
        guard var received = read(until: { $0.range(of: Data("\r\n\r\n".utf8)) != nil }, limit: limit) else {
            return
        }
        // A head that came whole in one read is held to the limit too.
        guard let end = received.range(of: Data("\r\n\r\n".utf8)),
            received.distance(from: received.startIndex, to: end.upperBound) <= limit
        else {
            send(LoopbackServer.Response(status: 431, body: Data(), contentType: "text/plain"))
            return
        }
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        let method = parts.first.map(String.init) ?? "GET"
        let target = parts.count >= 2 ? String(parts[1]) : "/"
        let length = Self.contentLength(lines.dropFirst()) ?? 0
        guard length >= 0 else {
            send(LoopbackServer.Response(status: 400, body: Data(), contentType: "text/plain"))
            return
        }
        guard length <= core.limits.body else {
            send(LoopbackServer.Response(status: 413, body: Data(), contentType: "text/plain"))
            return
        }
        // The body is held in memory: all connections together hold no more than the server's limit.
        guard core.take(\.heldBodyBytes, limit: core.limits.bodyBytes, amount: length) else {
            send(LoopbackServer.Response(status: 503, body: Data(), contentType: "text/plain"))
            return
        }
        defer { core.give(\.heldBodyBytes, amount: length) }
        received.removeSubrange(..<end.upperBound)
        let missing = length - received.count
        if missing > 0 {
            guard let rest = read(until: { $0.count >= missing }, limit: missing) else { return }
            received.append(rest)
        }
        let request = LoopbackServer.Request(
            method: method, target: target, body: Data(received.prefix(length)), peer: peer,
            isFromThisMachine: isThisMachine)
        send(core.respond(to: request))
    }

    /// Reads until `done` says the bytes so far are enough (or they pass `limit`, which the caller
    /// sees), the client stops, the server stops, or the request's time runs out (nil for the last
    /// three).
    private func read(until done: (Data) -> Bool, limit: Int) -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !done(received), received.count <= limit {
            let left = Int32(max(0, min(60_000, (deadline - .now) / .milliseconds(1))))
            guard left > 0,
                Sockets.waitForInput(descriptor, orWake: core.wake.read, milliseconds: left) == .readable
            else { return nil }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }

    static func contentLength(_ headerLines: ArraySlice<String>) -> Int? {
        for line in headerLines {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "content-length" {
                return Int(pair[1].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    private func send(_ response: LoopbackServer.Response) {
        let head =
            "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + response.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        (Data(head.utf8) + response.body).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = Sockets.send(descriptor, base + offset, bytes.count - offset)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
