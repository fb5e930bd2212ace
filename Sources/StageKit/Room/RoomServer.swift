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
    let desk: RoomDesk
    private let http: LoopbackServer
    let host: String
    package var port: UInt16 { http.port }

    /// What a room's server takes at most: 64 connections at once, 8 of them from one machine on the
    /// network, and 16 more from this one (the facilitator's dashboard is reached however busy the
    /// network is); a request whole within 10 seconds, its head within 16 KB and its body within 64 KB.
    static let limits = LoopbackServer.Limits(
        connections: 64, bodyBytes: 8 << 20, head: 16_384, body: 65_536, patience: 10, perPeer: 8,
        loopbackReserve: 16)

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

    /// Stops listening, then waits for the requests being answered to end, so that nothing more is
    /// written to the room's events once it returns: a room started again in the same folder, or a
    /// second `serve` once the folder's lock is let go, never appends beside a request still running.
    package func stop() {
        http.stop()
        http.waitUntilNoConnections()
    }

    /// The HTTP server under it, for a test that counts its connections.
    var connections: LoopbackServer { http }

    /// An address of this machine, and the network interface that has it (`en0`, `eth0`).
    package struct Address: Sendable, Equatable {
        package var address: String
        package var interface: String
    }

    /// The addresses learners on other machines reach it at: each IPv4 address of this machine's
    /// networks that are up and running, but 127.0.0.1, the likeliest first (a private address of a
    /// real interface, before a container's or a VPN's); the one it listens on, when it is told one.
    package var addresses: [Address] {
        guard host == "0.0.0.0" else { return [Address(address: host, interface: "")] }
        return Self.networkAddresses().sorted { Self.rank($0) < Self.rank($1) }
    }

    /// Lower first: a private address (10/8, 172.16/12, 192.168/16) of an interface that is not a
    /// container's, a bridge's or a tunnel's.
    static func rank(_ address: Address) -> Int {
        let virtual = [
            "docker", "br-", "veth", "virbr", "vmnet", "utun", "tun", "tap", "bridge", "awdl", "llw",
        ]
        .contains { address.interface.hasPrefix($0) }
        let parts = address.address.split(separator: ".").compactMap { Int($0) }
        let isPrivate =
            parts.count == 4
            && (parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1]))
                || (parts[0] == 192 && parts[1] == 168))
        return (virtual ? 2 : 0) + (isPrivate ? 0 : 1)
    }

    static func networkAddresses() -> [Address] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [Address] = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = Int32(truncatingIfNeeded: entry.pointee.ifa_flags)
            let wanted = Int32(IFF_UP) | Int32(IFF_RUNNING)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & wanted == wanted, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let string = String(
                decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let interface = String(cString: entry.pointee.ifa_name)
            if !found.contains(where: { $0.address == string }) {
                found.append(Address(address: string, interface: interface))
            }
        }
        return found
    }
}
