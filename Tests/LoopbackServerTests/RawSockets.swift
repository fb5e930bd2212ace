import Foundation

@testable import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP client on a bare socket, for the requests `URLSession` will not send: half a request, or a
/// connection held open and silent.
struct RawClient {
    struct Failure: Error {
        var call: String
        var code: Int32
    }

    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, or throws when the connection is refused.
    init(port: UInt16) throws {
        let descriptor = socket(AF_INET, Sockets.streamType, 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let code = errno
            Sockets.close(descriptor)
            throw Failure(call: "connect", code: code)
        }
        self.descriptor = descriptor
    }

    /// Sends `text`; a connection the server has closed is an error, not the signal that would end the
    /// test process.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        Sockets.prepareConnection(descriptor, sendTimeout: 5)
        guard Sockets.send(descriptor, bytes, bytes.count) == bytes.count else {
            throw Failure(call: "send", code: errno)
        }
    }

    /// Everything the server sends until it closes the connection.
    func readToEnd() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closes the connection within `seconds`: a read that ends the stream.
    func waitForEndOfStream(seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) <= 0
    }

    func close() { Sockets.close(descriptor) }
}

/// Two connected sockets, opened to take whatever descriptor numbers are free.
struct SocketPair {
    let ends: [Int32]

    init() throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Sockets.streamType, 0, &ends) == 0 else {
            throw RawClient.Failure(call: "socketpair", code: errno)
        }
        self.ends = ends
    }

    /// Whether a byte written at one end still arrives at the other.
    func carriesAByte() -> Bool {
        var byte: UInt8 = 42
        // A socket shut down answers with an error, not the signal that would end the test process.
        Sockets.prepareConnection(ends[0], sendTimeout: 1)
        guard Sockets.send(ends[0], &byte, 1) == 1 else { return false }
        byte = 0
        return read(ends[1], &byte, 1) == 1 && byte == 42
    }

    func close() {
        for end in ends { Sockets.close(end) }
    }
}
