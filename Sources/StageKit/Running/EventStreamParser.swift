import Foundation
import WorkbookModel

/// Reads the JSON Lines that `--event-stream-output-path` makes Swift Testing write.
package enum EventStreamParser {
    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String
        var id: String?
        var testID: String?
        var displayName: String?
        var issue: Issue?
        var messages: [Message]?
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
        var isFailure: Bool?
        var sourceLocation: SourceLocation?
        /// Present when the issue is an error the test threw (`Caught error: …`), whatever its words.
        var error: Present?

        enum CodingKeys: String, CodingKey {
            case isKnown, isFailure, sourceLocation
            case error = "_error"
        }
    }

    /// A field read for whether it is there, not for what it holds.
    private struct Present: Decodable {
        init(from decoder: any Decoder) {}
    }

    private struct SourceLocation: Decodable {
        var fileID: String?
        var line: Int?
    }

    private struct Message: Decodable {
        var symbol: String?
        var text: String
    }

    /// Builds the run from the stream's text. A last line cut short (the process died while writing it)
    /// is ignored; any other line that is not a record is an error. Tests are told apart by their whole
    /// id, source location included, so two overloads of one name are two results; an issue recorded
    /// on a suite, or on the run itself, is a failure of its own.
    ///
    /// Swift Testing declares each test once and, run as the tools run it (with no `--repetitions`),
    /// starts and ends each once, so a stream that declares a test again, or starts or ends a test that
    /// had ended, had another writer (a test that wrote a run of its own from `atexit`, say), and is
    /// refused. A run may start before the last one ended: Swift Build's next test runner, after one
    /// that crashed.
    package static func parse(_ text: String) throws(StageKitError) -> TestRun {
        var order: [String] = []
        var tests: [String: TestResult] = [:]
        // A stream may hold several runs, one after another (one for each test product SwiftPM's Swift
        // Build runs): it is finished when each run that started has ended.
        var runsStarted = 0
        var runsEnded = 0
        var ended: Set<String> = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        for (index, line) in lines.enumerated() {
            let record: Record
            do {
                record = try JSONDecoder().decode(Record.self, from: Data(line.utf8))
            } catch {
                if index == lines.count - 1 { break }
                throw .malformed(
                    path: "the test event stream", line: index + 1, problem: "not an event record")
            }
            let payload = record.payload
            let forged = StageKitError.malformed(
                path: "the test event stream", line: index + 1,
                problem: "a second account of a run or a test: something besides Swift Testing wrote to it")
            if record.kind == "test" {
                guard payload.kind == "function", let rawID = payload.id else { continue }
                if tests[rawID] != nil { throw forged }
                order.append(rawID)
                tests[rawID] = TestResult(
                    id: testPath(rawID), displayName: payload.displayName, status: .skipped)
                continue
            }
            guard record.kind == "event" else { continue }
            switch payload.kind {
            case "runStarted":
                runsStarted += 1
            case "runEnded":
                runsEnded += 1
            case "testStarted" where ended.contains(payload.testID ?? ""):
                throw forged
            case "testStarted":
                if let rawID = payload.testID, tests[rawID] != nil { tests[rawID]?.status = .unfinished }
            case "testEnded":
                guard let rawID = payload.testID, tests[rawID] != nil else { continue }
                guard ended.insert(rawID).inserted else { throw forged }
                let failed = payload.messages?.contains { $0.symbol == "fail" } ?? false
                let hasIssues = !(tests[rawID]?.issues.isEmpty ?? true)
                tests[rawID]?.status = failed || hasIssues ? .failed : .passed
            case "testSkipped":
                if let rawID = payload.testID, tests[rawID] != nil { tests[rawID]?.status = .skipped }
            case "issueRecorded":
                guard let issue = payload.issue, issue.isKnown != true, issue.isFailure != false else {
                    continue
                }
                // Not a test function's: the suite's (a failing `init`, say) or the whole run's.
                let rawID = payload.testID ?? runID
                if tests[rawID] == nil {
                    order.append(rawID)
                    tests[rawID] = TestResult(id: testPath(rawID), status: .failed)
                }
                tests[rawID]?.issues.append(testIssue(issue, messages: payload.messages ?? []))
                // A test still running fails when it ends; one that never starts fails here.
                if tests[rawID]?.status != .unfinished { tests[rawID]?.status = .failed }
            default:
                continue
            }
        }
        let results = order.compactMap { tests[$0] }.filter { $0.status != .skipped }
        return TestRun(tests: results, finished: runsEnded > 0 && runsEnded >= runsStarted)
    }

    /// The id given to issues recorded outside any test or suite.
    static let runID = "the test run"

    private static func testIssue(_ issue: Issue, messages: [Message]) -> TestIssue {
        let main = messages.first { $0.symbol != "details" }?.text ?? messages.first?.text ?? "an issue"
        return TestIssue(
            message: main, details: messages.filter { $0.symbol == "details" }.map(\.text),
            file: issue.sourceLocation?.fileID, line: issue.sourceLocation?.line,
            isThrownError: issue.error != nil)
    }

    /// "Module.Suite/function()/File.swift:12:6" → "Module.Suite/function()".
    static func testPath(_ id: String) -> String {
        var components = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = components.last, last.contains(".swift:") { components.removeLast() }
        return components.joined(separator: "/")
    }
}
