import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small shell that outlives nothing: it waits on a pipe whose other end only this process holds.
/// When this process ends in any way, even by `kill -9`, the pipe closes and the guardian interrupts,
/// then kills, the child's whole process group. When the child ends normally, it is dismissed.
struct Guardian {
    private let pid: pid_t
    private let pipe: Int32

    /// `$1` the child's process group, `$2` the mark its descendants carry, `$3` its scratch folder.
    /// Where `/proc` shows environments (Linux), the marked processes that left the group go too.
    /// The leader's descendants are noted before anything is stopped: a build tool puts each job it
    /// runs (a compiler, a linker) in a process group of its own, and clears the mark from its
    /// environment, so neither the group nor the mark finds them once their parent is gone.
    static let script = """
        trap '' INT TERM HUP
        read -r word
        [ "$word" = done ] && exit 0
        tree=$(ps -A -o pid= -o ppid= 2>/dev/null | awk -v root="$1" '
            { parent[$1] = $2 }
            END {
                found[root] = 1
                for (grew = 1; grew; ) {
                    grew = 0
                    for (p in parent) if (!(p in found) && (parent[p] in found)) { found[p] = 1; grew = 1 }
                }
                for (p in found) if (p != root) print p
            }')
        kill -s INT -- "-$1" $tree 2>/dev/null
        sleep 1
        kill -s KILL -- "-$1" $tree 2>/dev/null
        for round in 1 2 3; do
            for dir in /proc/[0-9]*; do
                # A process can end between the list and the look: the braces keep the shell's own
                # complaint about a file gone from reaching the learner's terminal.
                { tr '\\000' '\\n' < "$dir/environ"; } 2>/dev/null | grep -qx "WORKBOOK_CHILD=$2" \\
                    && kill -s KILL "${dir#/proc/}" 2>/dev/null
            done
        done
        rm -rf -- "$3"
        """

    init(watching group: pid_t, mark: String, scratch: URL) throws(ChildProcessError) {
        // Only the guardian holds the reading end and only this process the writing end. (A program
        // started by another thread in between can inherit them until it ends: that only delays the
        // guardian's watch, never fools it.)
        let ends = try PipeEnds()
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.duplicate(ends.reading, as: 0)
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        attributes.leadNewGroup()
        attributes.resetSignals()
        do {
            pid = try Spawn.start(
                "/bin/sh", arguments: ["sh", "-c", Self.script, "guardian", "\(group)", mark, scratch.path],
                environment: [],
                actions: &actions, attributes: &attributes)
        } catch {
            close(ends.reading)
            close(ends.writing)
            throw error
        }
        close(ends.reading)
        pipe = ends.writing
    }

    /// The child ended by itself: the guardian leaves its group alone, and is reaped.
    func dismiss() {
        let word = Array("done\n".utf8)
        _ = word.withUnsafeBytes { write(pipe, $0.baseAddress, $0.count) }
        close(pipe)
        _ = ChildProcess.reap(pid)
    }
}
