import Foundation
import WorkbookModel

/// Reads the JSON Lines that `--event-stream-output-path` makes Swift Testing write.
enum EventStreamParser {
    struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    struct Payload: Decodable {
        var kind: String
        var id: String?
        var testID: String?
        var displayName: String?
        var issue: Issue?
        var messages: [Message]?
    }

    struct Issue: Decodable {
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
    struct Present: Decodable {
        init(from decoder: any Decoder) {}
    }

    struct SourceLocation: Decodable {
        var fileID: String?
        var line: Int?
    }

    struct Message: Decodable {
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
    /// that crashed. A stream read as it grows is read by an `EventStreamReader`, which says the same.
    static func parse(_ text: String) throws(StageKitError) -> TestRun {
        var reader = EventStreamReader()
        try reader.read(Data(text.utf8))
        return try reader.run()
    }

    /// The record a line holds, or nil if it holds none. The line is read as text first, as the whole
    /// stream once was, so bytes that are not UTF-8 read as they always did.
    static func record(_ line: Data) -> Record? {
        try? JSONDecoder().decode(Record.self, from: Data(String(decoding: line, as: UTF8.self).utf8))
    }

    /// What the records read so far say: the tests in the order they came, and the runs.
    struct Account {
        var order: [String] = []
        var tests: [String: TestResult] = [:]
        // A stream may hold several runs, one after another (one for each test product SwiftPM's Swift
        // Build runs): it is finished when each run that started has ended.
        var runsStarted = 0
        var runsEnded = 0
        var ended: Set<String> = []

        /// Takes the record of the stream's `line`th line (counting the lines that are not empty).
        mutating func take(_ record: Record, line: Int) throws(StageKitError) {
            let payload = record.payload
            let forged = StageKitError.malformed(
                path: "the test event stream", line: line,
                problem: "a second account of a run or a test: something besides Swift Testing wrote to it")
            if record.kind == "test" {
                guard payload.kind == "function", let rawID = payload.id else { return }
                if tests[rawID] != nil { throw forged }
                order.append(rawID)
                tests[rawID] = TestResult(
                    id: EventStreamParser.testPath(rawID), displayName: payload.displayName, status: .skipped)
                return
            }
            guard record.kind == "event" else { return }
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
                guard let rawID = payload.testID, tests[rawID] != nil else { return }
                guard ended.insert(rawID).inserted else { throw forged }
                let failed = payload.messages?.contains { $0.symbol == "fail" } ?? false
                let hasIssues = !(tests[rawID]?.issues.isEmpty ?? true)
                tests[rawID]?.status = failed || hasIssues ? .failed : .passed
            case "testSkipped":
                if let rawID = payload.testID, tests[rawID] != nil { tests[rawID]?.status = .skipped }
            case "issueRecorded":
                guard let issue = payload.issue, issue.isKnown != true, issue.isFailure != false else {
                    return
                }
                // Not a test function's: the suite's (a failing `init`, say) or the whole run's.
                let rawID = payload.testID ?? EventStreamParser.runID
                if tests[rawID] == nil {
                    order.append(rawID)
                    tests[rawID] = TestResult(id: EventStreamParser.testPath(rawID), status: .failed)
                }
                tests[rawID]?.issues.append(
                    EventStreamParser.testIssue(issue, messages: payload.messages ?? []))
                // A test still running fails when it ends; one that never starts fails here.
                if tests[rawID]?.status != .unfinished { tests[rawID]?.status = .failed }
            default:
                return
            }
        }

        /// The run so far: each test that started or failed, and whether every run that started ended.
        var run: TestRun {
            let results = order.compactMap { tests[$0] }.filter { $0.status != .skipped }
            return TestRun(tests: results, finished: runsEnded > 0 && runsEnded >= runsStarted)
        }
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
