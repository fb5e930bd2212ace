import Foundation

/// `stages refresh`: rewrites the `diagnostic:` and `message:` lines of red stages from what the
/// compiler and the tests really say now (after a toolchain update, say), for the author to review as
/// a diff. Lines that still hold are kept, as the author chose them. A compile-error red whose errors
/// changed gets one `diagnostic:` line per error, its file first; a `failing:` line whose message is
/// missing, bare or no longer seen gets the first issue its test recorded.
enum StageRefresh {
    /// The new text of a stage's `stage.md`, or nil when nothing in it changes.
    static func refreshed(_ text: String, of stage: Stage, outcome: Outcome) -> String? {
        guard stage.kind == .red else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return nil }
        var header = Array(lines[1..<end])
        switch (stage.expectation, outcome) {
        case (.compileError, .compileError(let diagnostics)):
            guard !OutcomeMatcher.verdict(expected: stage.expectation, outcome: outcome).isMet else {
                return nil
            }
            var seen: Set<String> = []
            let errors = diagnostics.filter { $0.severity == .error && $0.line != nil }
                .map { "diagnostic: " + ($0.fileName.map { "\($0): " } ?? "") + $0.message }
                .filter { seen.insert($0).inserted }
            guard !errors.isEmpty, let first = header.firstIndex(where: { $0.hasPrefix("diagnostic:") })
            else {
                return nil
            }
            header.removeAll { $0.hasPrefix("diagnostic:") }
            header.insert(contentsOf: errors, at: first)
        case (.testFailure(let expectations), .tested(let run, _)):
            for expectation in expectations {
                guard
                    let test = run.failed.first(where: { OutcomeMatcher.matches($0, expectation.test) }),
                    let issue = test.issues.first,
                    let line = header.firstIndex(of: "failing: \(expectation.test)")
                else { continue }
                if let kept = expectation.message, !isBare(kept),
                    test.issues.contains(where: { $0.message.contains(kept) || $0.details.contains(kept) })
                {
                    continue
                }
                if line + 1 < header.count, header[line + 1].hasPrefix("message:") {
                    header.remove(at: line + 1)
                }
                let message = issue.message.split(separator: "\n").first.map(String.init) ?? issue.message
                header.insert("message: \(message)", at: line + 1)
            }
        default:
            return nil
        }
        lines.replaceSubrange(1..<end, with: header)
        let result = lines.joined(separator: "\n")
        return result == text ? nil : result
    }

    /// Whether a `message:` says nothing of the failure's reason: every failing `#expect` prints
    /// "Expectation failed", whatever it compared.
    static func isBare(_ message: String) -> Bool {
        let trimmed = message.trimmingCharacters(in: .whitespaces).trimmingCharacters(
            in: .punctuationCharacters)
        return ["expectation failed", "issue recorded", "failed", ""].contains(trimmed.lowercased())
    }
}
