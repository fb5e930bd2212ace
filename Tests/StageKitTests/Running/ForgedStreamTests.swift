import Testing

@testable import StepRunning
@testable import WorkbookModel

/// A test can write to the event stream too: issue 47's adversary had a test's `atexit` write a
/// stream of its own after Swift Testing's, in which the failing test passed. Swift Testing writes each
/// test once, in one run at a time; a stream that says otherwise is refused, not read.
@Suite("A forged event stream", .offThePool)
struct ForgedStreamTests {
    static let declared = #"{"kind":"test","payload":{"id":"T.S\/a()\/T.swift:1:1","kind":"function","name":"a()"},"version":0}"#
    static let runStarted = #"{"kind":"event","payload":{"kind":"runStarted"},"version":0}"#
    static let started = #"{"kind":"event","payload":{"kind":"testStarted","testID":"T.S\/a()\/T.swift:1:1"},"version":0}"#
    static let failed = #"{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"x"}],"testID":"T.S\/a()\/T.swift:1:1"},"version":0}"#
    static let passed = #"{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"x"}],"testID":"T.S\/a()\/T.swift:1:1"},"version":0}"#
    static let runEnded = #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#

    /// Swift Testing's own run, in which `a()` fails.
    static let genuine = [declared, runStarted, started, failed, runEnded]

    @Test(
        "A second run that declares a test again, or ends a test again, or starts inside a run, is refused",
        arguments: [
            // The atexit forgery: Swift Testing's run, then a whole run of the test's own.
            genuine + [declared, runStarted, started, passed, runEnded],
            // The same without declaring the test again.
            genuine + [runStarted, started, passed, runEnded],
            // A run started inside the real one, before it ended.
            [declared, runStarted, started, failed, runStarted, started, passed, runEnded, runEnded],
        ])
    func secondAccountIsRefused(_ lines: [String]) {
        #expect(throws: StageKitError.self) {
            try EventStreamParser.parse(lines.joined(separator: "\n"))
        }
    }

    @Test("Runs one after another, each of its own tests (Swift Build's one runner a test target), are read")
    func separateRunsAreRead() throws {
        let other = [
            #"{"kind":"test","payload":{"id":"U.S\/b()\/U.swift:1:1","kind":"function","name":"b()"},"version":0}"#,
            Self.runStarted,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"U.S\/b()\/U.swift:1:1"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"U.S\/b()\/U.swift:1:1"},"version":0}"#,
            Self.runEnded,
        ]

        let run = try EventStreamParser.parse((Self.genuine + other).joined(separator: "\n"))

        #expect(run.finished)
        #expect(run.tests.map(\.status) == [TestResult.Status.failed, .passed])
    }
}
