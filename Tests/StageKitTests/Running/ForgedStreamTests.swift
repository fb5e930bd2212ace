import Testing

@testable import StepRunning
@testable import WorkbookModel

/// A test can write to the event stream too: issue 47's adversary had a test's `atexit` write a
/// stream of its own after Swift Testing's, in which the failing test passed. Swift Testing writes each
/// test once, in one run at a time; a stream that says otherwise is refused, not read.
@Suite("A forged event stream", .offThePool)
struct ForgedStreamTests {
    /// A record as Swift Testing writes it, trimmed to what the parser reads.
    static func record(_ kind: String, _ payload: String) -> String {
        #"{"kind":"\#(kind)","payload":{\#(payload)},"version":0}"#
    }
    static let id = #""T.S\/a()\/T.swift:1:1""#
    static let declared = record("test", #""id":\#(id),"kind":"function","name":"a()""#)
    static let runStarted = record("event", #""kind":"runStarted""#)
    static let started = record("event", #""kind":"testStarted","testID":\#(id)"#)
    static let failed = record(
        "event", #""kind":"testEnded","messages":[{"symbol":"fail","text":"x"}],"testID":\#(id)"#)
    static let passed = record(
        "event", #""kind":"testEnded","messages":[{"symbol":"pass","text":"x"}],"testID":\#(id)"#)
    static let runEnded = record("event", #""kind":"runEnded""#)

    /// Swift Testing's own run, in which `a()` fails.
    static let genuine = [declared, runStarted, started, failed, runEnded]

    @Test(
        "A test declared again, started again or ended again after it ended is refused, each on its own",
        arguments: [
            // The atexit forgery: Swift Testing's run, then a whole run of the test's own.
            genuine + [declared, runStarted, started, passed, runEnded],
            // Each rule alone: a second declaration, a second start, a second end.
            genuine + [declared],
            genuine + [started],
            genuine + [passed],
        ])
    func secondAccountIsRefused(_ lines: [String]) {
        #expect(throws: StageKitError.self) {
            try EventStreamParser.parse(lines.joined(separator: "\n"))
        }
    }

    @Test("A run that crashed mid-test, then the next test runner's run (Swift Build), reads as unfinished")
    func crashedRunThenAnotherIsUnfinished() throws {
        let crashed = [Self.declared, Self.runStarted, Self.started]
        let next = [
            Self.record("test", #""id":"U.S\/b()\/U.swift:1:1","kind":"function","name":"b()""#),
            Self.runStarted,
            Self.record("event", #""kind":"testStarted","testID":"U.S\/b()\/U.swift:1:1""#),
            Self.record("event", #""kind":"testEnded","messages":[],"testID":"U.S\/b()\/U.swift:1:1""#),
            Self.runEnded,
        ]

        let run = try EventStreamParser.parse((crashed + next).joined(separator: "\n"))

        #expect(!run.finished)
        #expect(run.unfinished.map(\.id) == ["T.S/a()"])
    }

    @Test("Runs one after another, each of its own tests (Swift Build's one runner a test target), are read")
    func separateRunsAreRead() throws {
        let other = [
            Self.record("test", #""id":"U.S\/b()\/U.swift:1:1","kind":"function","name":"b()""#),
            Self.runStarted,
            Self.record("event", #""kind":"testStarted","testID":"U.S\/b()\/U.swift:1:1""#),
            Self.record("event", #""kind":"testEnded","messages":[],"testID":"U.S\/b()\/U.swift:1:1""#),
            Self.runEnded,
        ]

        let run = try EventStreamParser.parse((Self.genuine + other).joined(separator: "\n"))

        #expect(run.finished)
        #expect(run.tests.map(\.status) == [TestResult.Status.failed, .passed])
    }
}
