import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Linux's `/proc`, read one file of every process: what `Orphans` and `Stragglers` look for processes
/// in. Where there is no `/proc` (a Mac), there is nothing.
enum ProcFiles {
    /// Each process's `/proc/<pid>/<name>` (`stat`, `environ`) that could be read, with its pid.
    static func each(_ name: String) -> [(pid: pid_t, data: Data)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid: pid_t, data: Data)? in
            guard let pid = pid_t(entry), let file = FileHandle(forReadingAtPath: "/proc/\(entry)/\(name)")
            else {
                return nil
            }
            defer { try? file.close() }
            // `/proc` files say they are empty: read to the end rather than to a size.
            guard let data = try? file.readToEnd() else { return nil }
            return (pid, data)
        }
    }
}
