import Dispatch
import Foundation
import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the room's server tests do with sockets and threads of their own.
extension RoomServerTests {
    /// Runs `body` for each index on a thread of its own, all at once, and returns when every one has.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        group.wait()
    }

    /// A socket connecting to 127.0.0.1:`port`, not waited for; -1 when the system refused one.
    static func startConnecting(to port: UInt16) -> Int32 {
        connection(to: port, waiting: false).descriptor
    }

    /// A socket connected, or connecting (`waiting: false`), to 127.0.0.1:`port`; -1 when the system
    /// refused one. `connected` is whether the connection was made.
    static func connection(to port: UInt16, waiting: Bool) -> (descriptor: Int32, connected: Bool) {
        let descriptor = socket(AF_INET, Sockets.streamType, 0)
        guard descriptor >= 0 else { return (-1, false) }
        Sockets.neverSignalOnSend(descriptor)
        if !waiting { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        return (descriptor, connected)
    }

    /// Sends `request` on a connection of its own and reads the answer to its end ("" when the room
    /// closed it unanswered).
    static func exchange(_ request: String, port: UInt16) -> String {
        let (descriptor, connected) = connection(to: port, waiting: true)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard connected else { return "not connected" }
        var guardTime = timeval(tv_sec: 30, tv_usec: 0)  // a guard against a hang, not a wait for the answer
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Sockets.send(descriptor, $0, raw.count) } }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
