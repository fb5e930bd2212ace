import ChildProcesses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe a program reads as its keyboard: a test presses keys when it has seen what it waits for.
package struct Keyboard {
    package let path = TemporaryFolder.uniqueName("keyboard-").path
    package let descriptor: Int32

    package init() throws {
        guard mkfifo(path, 0o600) == 0 else { throw NoNamedPipe(path: path) }
        // Opened for reading and writing, so that neither end waits for the other.
        descriptor = open(path, O_RDWR)
    }

    package func press(_ key: String) {
        _ = Array(key.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    package func release() {
        close(descriptor)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The named pipe could not be made.
package struct NoNamedPipe: Error {
    package var path: String
}
