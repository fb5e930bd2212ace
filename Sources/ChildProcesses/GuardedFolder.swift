import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder this process makes for a while and that goes however the process ends: `remove()` when it
/// is done with it, and, when the process is ended first (Ctrl-C, a closed terminal, `kill -9`), a
/// guardian's. The guardian is a small shell that waits on a pipe only this process holds, as
/// ``ChildProcess``'s do; once the pipe closes without its word, it removes the folder now and again
/// at each of `settle`'s pauses: what the process started is still being stopped by its own guardians
/// (interrupted at once, killed a second on), and may write in the folder until then.
package struct GuardedFolder: Sendable {
    package let url: URL
    private let guardian: pid_t
    private let pipe: Int32

    static let script = """
        trap '' INT TERM HUP
        read -r word
        [ "$word" = done ] && exit 0
        rm -rf -- "$1"
        for pause in $2; do
            sleep "$pause"
            rm -rf -- "$1"
        done
        """

    /// Makes the folder at `url`, which must not be there yet (its parent is made if needed): it
    /// removes only what it made. `settle` is the seconds of the guardian's pauses, one after another.
    package init(_ url: URL, settle: [Int] = [1, 2]) throws(ChildProcessError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        } catch {
            throw ChildProcessError(path: url.path, reason: "the folder cannot be made there")
        }
        let ends: PipeEnds
        do {
            ends = try PipeEnds()
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.duplicate(ends.reading, as: 0)
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        attributes.leadNewGroup()
        attributes.resetSignals()
        do {
            guardian = try Spawn.start(
                "/bin/sh",
                arguments: [
                    "sh", "-c", Self.script, "folder-guardian", url.path,
                    settle.map(String.init).joined(separator: " "),
                ],
                environment: [], actions: &actions, attributes: &attributes)
        } catch {
            close(ends.reading)
            close(ends.writing)
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        close(ends.reading)
        pipe = ends.writing
        self.url = url
    }

    /// Removes the folder, and lets its guardian go.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
        let word = Array("done\n".utf8)
        _ = word.withUnsafeBytes { write(pipe, $0.baseAddress, $0.count) }
        close(pipe)
        _ = ChildProcess.reap(guardian)
    }

    /// What the end of this process does to the guardian, without ending it: its pipe closes with no
    /// word. Returns once the guardian has removed the folder and ended.
    func abandon() {
        close(pipe)
        _ = ChildProcess.reap(guardian)
    }
}
