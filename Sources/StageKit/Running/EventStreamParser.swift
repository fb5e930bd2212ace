import Foundation

/// Reads the JSON Lines that `--event-stream-output-path` makes Swift Testing write.
public enum EventStreamParser {
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
    /// is ignored; any other line that is not a record is an error.
    public static func parse(_ text: String) throws(StageKitError) -> TestRun {
        var order: [String] = []
        var tests: [String: TestResult] = [:]
        var finished = false
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
            if record.kind == "test" {
                guard payload.kind == "function", let rawID = payload.id else { continue }
                let id = testPath(rawID)
                if tests[id] == nil { order.append(id) }
                tests[id] = TestResult(id: id, displayName: payload.displayName, status: .skipped)
                continue
            }
            guard record.kind == "event" else { continue }
            if payload.kind == "runEnded" {
                finished = true
                continue
            }
            guard let rawID = payload.testID else { continue }
            let id = testPath(rawID)
            guard tests[id] != nil else { continue }  // a suite
            switch payload.kind {
            case "testStarted":
                tests[id]?.status = .unfinished
            case "testEnded":
                let failed = payload.messages?.contains { $0.symbol == "fail" } ?? false
                let hasIssues = !(tests[id]?.issues.isEmpty ?? true)
                tests[id]?.status = failed || hasIssues ? .failed : .passed
            case "testSkipped":
                tests[id]?.status = .skipped
            case "issueRecorded":
                guard let issue = payload.issue, issue.isKnown != true, issue.isFailure != false else {
                    continue
                }
                let messages = payload.messages ?? []
                let main =
                    messages.first { $0.symbol != "details" }?.text ?? messages.first?.text ?? "an issue"
                let details = messages.filter { $0.symbol == "details" }.map(\.text)
                tests[id]?.issues.append(
                    TestIssue(
                        message: main, details: details, file: issue.sourceLocation?.fileID,
                        line: issue.sourceLocation?.line))
                if tests[id]?.status == .passed { tests[id]?.status = .failed }
            default:
                continue
            }
        }
        let results = order.compactMap { tests[$0] }.filter { $0.status != .skipped }
        return TestRun(tests: results, finished: finished)
    }

    /// "Module.Suite/function()/File.swift:12:6" → "Module.Suite/function()".
    static func testPath(_ id: String) -> String {
        var components = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = components.last, last.contains(".swift:") { components.removeLast() }
        return components.joined(separator: "/")
    }
}
