/// Reads errors and warnings from what `swift build` printed.
enum CompilerOutputParser {
    /// Diagnostics with a location (`/path/File.swift:12:5: error: message`), each once, with the notes
    /// the compiler draws under it (`` `- note: … ``), which say why; notes about a macro's expansion are
    /// left out, and so are errors inside one when the code has errors of its own. When the build
    /// failed without any, the unlocated `error:` lines stand in (a manifest or linker error).
    static func diagnostics(in output: String) -> [Diagnostic] {
        var located: [Diagnostic] = []
        var unlocated: [Diagnostic] = []
        var current: Int?
        for rawLine in output.split(separator: "\n") {
            let line = withoutBuildSystemsPrefix(rawLine.trimmingWhitespace())
            if let diagnostic = locatedDiagnostic(line) {
                current = located.firstIndex { $0.sameDiagnostic(as: diagnostic) }
                if current == nil {
                    located.append(diagnostic)
                    current = located.count - 1
                }
            } else if let current, let note = snippetNote(line), !located[current].notes.contains(note) {
                located[current].notes.append(note)
            } else if (line.hasPrefix("error: ") && !isBuildSystemsOwn(line)) || isLinkerError(line) {
                let message = line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
                let diagnostic = Diagnostic(
                    file: nil, line: nil, column: nil, severity: .error, message: message)
                if !unlocated.contains(diagnostic) { unlocated.append(diagnostic) }
            }
        }
        // An error inside a macro's expansion (`macro expansion @Suite:17:26: error: …`) follows from
        // an error in the code the macro is written on: beside one, it only buries it.
        let inCode = located.filter { !$0.isInMacroExpansion }
        if inCode.contains(where: { $0.severity == .error }) { located = inCode }
        return located.contains { $0.severity == .error } ? located : located + unlocated
    }

    /// The text of a note drawn in a snippet, `` |   `- note: text ``, unless it is about a macro.
    static func snippetNote(_ line: String) -> String? {
        guard line.contains("|"), let marker = line.range(of: "- note: ") else { return nil }
        let note = String(line[marker.upperBound...])
        return note.contains("(from macro") || note.contains("in expansion of macro") ? nil : note
    }

    /// The line without the `<folder>/Package.swift: <Target>: ` that Swift Build puts before what a
    /// tool of a target's build said (`…/Package.swift: MTests-test-runner: clang: error: …`).
    static func withoutBuildSystemsPrefix(_ line: String) -> String {
        guard let manifest = line.range(of: "/Package.swift: "),
            let target = line[manifest.upperBound...].range(of: ": ")
        else { return line }
        let name = line[manifest.upperBound..<target.lowerBound]
        guard !name.isEmpty, !name.contains(" ") else { return line }
        return String(line[target.upperBound...])
    }

    /// A line Swift Build (SwiftPM's build system from Swift 6.4) prints of its own about a task that
    /// failed, after the compiler or linker has said why: `error: SwiftCompile normal x86_64 … failed
    /// with a nonzero exit code. Command line: …`, `error: SwiftDriver Compilation … failed …`,
    /// `error: Build failed`. It is no error of the learner's code.
    static func isBuildSystemsOwn(_ line: String) -> Bool {
        line == "error: Build failed" || line.hasPrefix("error: SwiftDriver ")
            || (line.contains(" failed with a nonzero exit code") && !line.contains(".swift:"))
    }

    /// What the linker says when it fails: `ld.lld: error: …`, `undefined reference to …`.
    static func isLinkerError(_ line: String) -> Bool {
        line.contains("undefined reference to") || line.contains("ld: error:")
            || line.contains("ld.lld: error:")
            || line.contains("ld.gold: error:") || line.hasPrefix("clang: error:")
    }

    /// `path:line:column: severity: message`, where the path may itself hold colons.
    static func locatedDiagnostic(_ line: String) -> Diagnostic? {
        for severity in [Diagnostic.Severity.error, .warning] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]),
                let column = Int(place[place.count - 1])
            else { continue }
            let file = place.dropLast(2).joined(separator: ":")
            guard !file.isEmpty, !file.contains(" |") else { continue }
            return Diagnostic(
                file: file, line: lineNumber, column: column, severity: severity,
                message: String(line[marker.upperBound...]))
        }
        return nil
    }
}
