import Foundation
import LoopbackServer
import WorkbookModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A workshop room on the network: its desk behind the project's small HTTP server, listening where it
/// is told.
package final class RoomServer: Sendable {
    package let desk: RoomDesk
    private let http: LoopbackServer
    package let host: String
    package var port: UInt16 { http.port }

    /// What a room's server takes at most: connections at once, a request's head and body.
    package static let limits = LoopbackServer.Limits(
        connections: 64, bodyBytes: 8 << 20, head: 16_384, body: 65_536)

    package init(desk: RoomDesk, host: String, port: UInt16) throws(StageKitError) {
        self.desk = desk
        self.host = host
        do {
            http = try LoopbackServer(host: host, port: port, limits: Self.limits) { desk.respond(to: $0) }
        } catch let error as LoopbackServer.ServerError {
            throw .room("the room cannot listen on \(host):\(port): \(error.description)")
        } catch {
            throw .room("the room cannot listen on \(host):\(port): \(error)")
        }
    }

    package func stop() { http.stop() }

    /// The HTTP server under it, for a test that counts its connections.
    package var connections: LoopbackServer { http }

    /// The addresses learners on other machines reach it at: each IPv4 address of this machine's
    /// networks that are up, but 127.0.0.1; the one it listens on, when it is told one.
    package var addresses: [String] {
        guard host == "0.0.0.0" else { return [host] }
        return Self.networkAddresses()
    }

    static func networkAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let string = String(
                decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(string) { found.append(string) }
        }
        return found
    }
}
