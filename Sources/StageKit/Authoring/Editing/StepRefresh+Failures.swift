import StepJudging
import StepRunning
import WorkbookModel

extension StepRefresh {
    /// A test-failure red's `failing:` and `message:` lines brought up to date with what its tests
    /// recorded. A test's k-th expectation is its k-th `failing:` line. A message that still names one
    /// of the test's issues is kept, as the author wrote it; a missing, bare or stale one becomes the
    /// first issue that no other message of the test names. Then, when every pair of the test has a
    /// message, each issue still unnamed gets a pair of its own after the test's last: the walk reads an
    /// issue no message names as a second reason for the red.
    static func refreshedFailures(
        _ header: [String], expectations: [FailureExpectation], run: TestRun
    )
        -> [String]
    {
        var header = header
        for (name, _) in expectations.byTest {
            guard let test = run.failed.first(where: { OutcomeMatcher.matches($0, name) }),
                !test.issues.isEmpty
            else { continue }
            let written = expectations.filter { $0.test == name }.map(\.message)
            let failingLines = header.indices.filter { value(of: header[$0], "failing") == name }
            guard failingLines.count == written.count else { continue }
            let kept = written.map { message -> String? in
                guard let message, !isBare(message), test.issues.contains(where: { $0.mentions(message) })
                else { return nil }
                return message
            }
            var unnamed = unnamedIssues(of: test, by: kept.compactMap { $0 })
            let messages = kept.map { message in
                message
                    ?? (unnamed.isEmpty ? messageText(test.issues[0]) : messageText(unnamed.removeFirst()))
            }
            // From the last pair to the first, so that the lines above keep their places.
            for (line, message) in zip(failingLines, messages).reversed() {
                let next = line + 1
                if next < header.count, value(of: header[next], "message") != nil {
                    header[next] = "message: \(message)"
                } else {
                    header.insert("message: \(message)", at: next)
                }
            }
            let last = header.indices.last { value(of: header[$0], "failing") == name } ?? 0
            let pairs = unnamedIssues(of: test, by: messages).flatMap {
                ["failing: \(name)", messageLine($0)]
            }
            header.insert(contentsOf: pairs, at: last + 2)
        }
        return header
    }

    /// The issues none of these messages names, once per first line.
    static func unnamedIssues(of test: TestResult, by messages: [String]) -> [TestIssue] {
        var seen: Set<String> = []
        return test.issues(mentionedByNone: messages).filter { seen.insert(messageText($0)).inserted }
    }

    /// The value of a header line `key: value`, as the step loader reads it, or nil for another key.
    static func value(of line: String, _ key: String) -> String? {
        FrontMatter.keyAndValue(line).flatMap { $0.key == key ? $0.value : nil }
    }
}
