/// Reads errors and warnings from what `swift build` printed.
public enum CompilerOutputParser {
    /// Diagnostics with a location (`/path/File.swift:12:5: error: message`), each once. When the build
    /// failed without any, the unlocated `error:` lines stand in (a manifest or linker error).
    public static func diagnostics(in output: String) -> [Diagnostic] {
        var located: [Diagnostic] = []
        var unlocated: [Diagnostic] = []
        for rawLine in output.split(separator: "\n") {
            let line = rawLine.trimmingWhitespace()
            if let diagnostic = locatedDiagnostic(line) {
                if !located.contains(diagnostic) { located.append(diagnostic) }
            } else if line.hasPrefix("error: ") || isLinkerError(line) {
                let message = line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
                let diagnostic = Diagnostic(
                    file: nil, line: nil, column: nil, severity: .error, message: message)
                if !unlocated.contains(diagnostic) { unlocated.append(diagnostic) }
            }
        }
        return located.contains { $0.severity == .error } ? located : located + unlocated
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
