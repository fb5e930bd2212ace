import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe a program reads as its keyboard: a test presses keys when it has seen what it waits for.
public struct Keyboard {
    public let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keyboard-\(UUID().uuidString)"
    )
    .path
    public let descriptor: Int32

    public init() throws {
        guard mkfifo(path, 0o600) == 0 else { throw NoNamedPipe(path: path) }
        // Opened for reading and writing, so that neither end waits for the other.
        descriptor = open(path, O_RDWR)
    }

    public func press(_ key: String) {
        _ = Array(key.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    public func release() {
        close(descriptor)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The named pipe could not be made.
public struct NoNamedPipe: Error {
    public var path: String
}
