import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a child starts and then leaves its process group (`setsid`, Foundation's `Process`, a daemon),
/// found by the mark every child of ``ChildProcess`` carries in its environment, which its own
/// children inherit: `WORKBOOK_CHILD=<token>`, a token for that one run.
///
/// Linux shows every process's environment in `/proc`; macOS has no `/proc`, and there only what
/// stays in the child's process group ends with it (Chapters/PORTABILITY.md).
enum Stragglers {
    static let variable = "WORKBOOK_CHILD"

    /// Kills every process that carries `token`, until a look finds none (one may start another while
    /// it is being killed). A killed process stays a zombie until its parent reaps it, and a zombie
    /// shows no environment, so it is not found again.
    static func end(marked token: String) {
        for _ in 0..<10 {
            let found = marked(token)
            if found.isEmpty { return }
            for pid in found { kill(pid, SIGKILL) }
        }
    }

    /// The processes whose environment holds `token`'s mark.
    static func marked(_ token: String) -> [pid_t] {
        let mark = Data("\0\(variable)=\(token)\0".utf8)
        let me = getpid()
        return ProcFiles.each("environ").compactMap { pid, environment -> pid_t? in
            pid == me || (Data([0]) + environment).range(of: mark) == nil ? nil : pid
        }
    }
}
