import Foundation
import StepJudging
import StepRunning
import WorkbookModel

/// `stages refresh`: rewrites the `diagnostic:` and `message:` lines of red steps from what the
/// compiler and the tests really say now (after a toolchain update, say), for the author to review as
/// a diff. Lines that still hold are kept, as the author chose them. A compile-error red whose errors
/// changed gets one `diagnostic:` line per error, its file first; a `failing:` line whose message is
/// missing, bare or no longer seen gets the first issue its test recorded, and an issue no message
/// names gets a pair of lines of its own.
package enum StepRefresh {
    /// The new text of a step's `stage.md`, or nil when nothing in it changes.
    package static func refreshed(_ text: String, of step: Step, outcome: Outcome) -> String? {
        guard step.kind.fails, let header = FrontMatter.headerLines(of: text) else { return nil }
        switch (step.expectation, outcome) {
        case (.compileError(let expected), .compileError(let diagnostics)):
            let errors = diagnostics.filter { $0.severity == .error }
            // The author's diagnostic: lines stay while they still name the errors; warnings the
            // compiler now gives beside them are added as warning: lines.
            let errorsHold = OutcomeMatcher.compileVerdict(
                expected: expected.filter { $0.severity == .error }, errors: errors
            ).isMet
            let diagnosticLines =
                errorsHold
                ? header.filter { $0.hasPrefix("diagnostic:") || $0.hasPrefix("follow-up:") }
                : Self.lines(for: errors.filter { $0.line != nil })
            let newWarnings = OutcomeMatcher.followUpWarnings(in: diagnostics).filter { warning in
                !expected.contains { OutcomeMatcher.matches(warning, $0) }
            }
            let warningLines = header.filter { $0.hasPrefix("warning:") } + Self.lines(for: newWarnings)
            guard !diagnosticLines.isEmpty else { return nil }
            let result = StepFolder.replacing(
                ["diagnostic", "follow-up", "warning"], with: diagnosticLines + warningLines, in: text)
            return result == text ? nil : result
        case (.testFailure(let expectations), .tested(let run, _)):
            let result = FrontMatter.editingHeader(of: text) {
                $0 = refreshedFailures($0, expectations: expectations, run: run)
            }
            return result == text ? nil : result
        default:
            return nil
        }
    }

    /// The header lines that name these diagnostics, once each, the file first: "diagnostic: A.swift:
    /// cannot find 'X' in scope", or "warning: …" for a warning.
    static func lines(for diagnostics: [Diagnostic]) -> [String] {
        var seen: Set<String> = []
        return diagnostics.map {
            "\($0.severity == .error ? "diagnostic" : "warning"): " + ($0.fileName.map { "\($0): " } ?? "")
                + $0.message
        }.filter { seen.insert($0).inserted }
    }

    /// The `failing:` and `message:` lines that expect a failed test as it failed: its id (without the
    /// module when a suite names it), and the first line of each issue it recorded, a pair per issue.
    static func lines(for test: TestResult) -> [String] {
        let name =
            test.id.contains("/") ? test.id.split(separator: ".", maxSplits: 1).last.map(String.init) : nil
        let failing = "failing: \(name ?? test.id)"
        guard !test.issues.isEmpty else { return [failing] }
        var seen: Set<String> = []
        return test.issues.map(messageLine).filter { seen.insert($0).inserted }.flatMap { [failing, $0] }
    }

    static func messageLine(_ issue: TestIssue) -> String { "message: " + messageText(issue) }

    /// The first line of an issue's message, which a `message:` line names it by.
    static func messageText(_ issue: TestIssue) -> String {
        issue.message.split(separator: "\n").first.map(String.init) ?? issue.message
    }

    /// Whether a `message:` says nothing of the failure's reason: every failing `#expect` prints
    /// "Expectation failed", whatever it compared.
    static func isBare(_ message: String) -> Bool {
        let trimmed = message.trimmingCharacters(in: .whitespaces).trimmingCharacters(
            in: .punctuationCharacters)
        return ["expectation failed", "issue recorded", "failed", ""].contains(trimmed.lowercased())
    }
}
