import Foundation
import LoopbackServer
import WorkbookModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a room listens, as the facilitator's screen shows it: "192.168.1.20:8321" (an `http://` in
/// front, or a `/` at the end, is allowed). `localhost` is 127.0.0.1.
package struct RoomAddress: Codable, Sendable, Equatable, CustomStringConvertible {
    var host: String
    var port: UInt16

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    package init(_ text: String) throws(StageKitError) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("http://") { rest = rest.dropFirst("http://".count) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        var address = in_addr()
        let host = parts.first.map { $0 == "localhost" ? "127.0.0.1" : String($0) } ?? ""
        guard parts.count == 2, let port = UInt16(parts[1]), port > 0, inet_pton(AF_INET, host, &address) == 1
        else {
            throw .room(
                "'\(text.prefix(60))' is not a room's address: give it as the facilitator's screen shows it,"
                    + " like 192.168.1.20:8321")
        }
        self.init(host: host, port: port)
    }

    package var description: String { "\(host):\(port)" }
}

/// One request to a room, made within a time budget and never failing: it answers whether the room
/// took it, refused it (with its status and first line), or could not be reached in time.
package enum RoomPost {
    package enum Outcome: Sendable, Equatable {
        case taken
        case refused(status: Int, reason: String)
        /// It could not be reached (or connected to) in time.
        case unreachable
        /// It was sent whole, and no answer came in time: the room may have taken it.
        case noAnswer
    }

    package static func send(
        _ method: String, _ target: String, body: Data = Data(), to address: RoomAddress,
        within budget: Duration
    ) -> Outcome {
        let deadline = ContinuousClock.now + budget
        let remaining = { () -> Int32 in Int32(max(0, min(60_000, (deadline - .now) / .milliseconds(1)))) }
        let descriptor = socket(AF_INET, Sockets.streamType, 0)
        guard descriptor >= 0 else { return .unreachable }
        defer { Sockets.close(descriptor) }
        Sockets.closeOnExec(descriptor)
        Sockets.neverSignalOnSend(descriptor)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = address.port.bigEndian
        guard inet_pton(AF_INET, address.host, &socketAddress.sin_addr) == 1 else { return .unreachable }
        let connected = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 || errno == EINPROGRESS,
            wait(descriptor, for: POLLOUT, milliseconds: remaining())
        else {
            return .unreachable
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
            return .unreachable
        }
        let head =
            "\(method) \(target) HTTP/1.1\r\nHost: \(address)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Data(head.utf8) + body
        var offset = 0
        while offset < request.count {
            let sent = request.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return Sockets.send(descriptor, base + offset, request.count - offset)
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR,
                wait(descriptor, for: POLLOUT, milliseconds: remaining())
            {
                continue
            } else {
                return .unreachable
            }
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while answer.count < 16_384 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                answer.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR,
                wait(descriptor, for: POLLIN, milliseconds: remaining())
            {
                continue
            } else {
                break
            }
        }
        return outcome(of: answer)
    }

    /// What an answer says: its status, and the first line of its body, as text that cannot move a
    /// terminal's cursor (a room is not trusted with a learner's terminal). Nothing that reads as an
    /// answer: no answer.
    static func outcome(of answer: Data) -> Outcome {
        let text = String(decoding: answer, as: UTF8.self)
        let parts = text.prefix(while: { $0 != "\r" && $0 != "\n" }).split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            return .noAnswer
        }
        if (200..<300).contains(status) { return .taken }
        let body = text.range(of: "\r\n\r\n").map { text[$0.upperBound...] } ?? ""
        let reason = body.split(whereSeparator: \.isNewline).first.map(String.init) ?? "status \(status)"
        return .refused(status: status, reason: RoomEvent.fitted(reason, longest: 200))
    }

    /// Whether `descriptor` is ready for `events` within `milliseconds`. A signal that interrupts the
    /// wait counts as not ready: the events wait for a later command, and the room takes each once.
    private static func wait(_ descriptor: Int32, for events: Int32, milliseconds: Int32) -> Bool {
        guard milliseconds > 0 else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(events) != 0
    }
}
