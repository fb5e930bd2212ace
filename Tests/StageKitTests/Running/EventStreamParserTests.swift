import Testing

@testable import StepRunning
@testable import WorkbookModel

@Suite("EventStreamParser", .offThePool)
struct EventStreamParserTests {
    /// Records as Swift Testing 6.3.1 wrote them for chapter 1's runtime red (trimmed to the fields the
    /// parser reads): one test passes, one fails because its confirmation never came.
    static let runtimeRedStream = """
        {"kind":"test","payload":{"displayName":"AppStoreRessource","id":"Ch1Tests.AppStoreRessourceTests","kind":"suite","name":"AppStoreRessourceTests"},"version":0}
        {"kind":"test","payload":{"displayName":"A new resource is released as soon as nothing holds it","id":"Ch1Tests.AppStoreRessourceTests\\/Milestone1\\/newResourceIsReleasedWhenNothingHoldsIt()\\/AppStoreRessourceTests.swift:9:10","kind":"function","name":"newResourceIsReleasedWhenNothingHoldsIt()"},"version":0}
        {"kind":"test","payload":{"displayName":"getTopApps calls its completion exactly once","id":"Ch1Tests.AppStoreRessourceTests\\/Milestone2\\/getTopAppsCallsItsCompletionExactlyOnce()\\/AppStoreRessourceTests.swift:22:10","kind":"function","name":"getTopAppsCallsItsCompletionExactlyOnce()"},"version":0}
        {"kind":"event","payload":{"kind":"runStarted","messages":[{"symbol":"default","text":"Test run started."}]},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"Ch1Tests.AppStoreRessourceTests"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"Ch1Tests.AppStoreRessourceTests\\/Milestone1\\/newResourceIsReleasedWhenNothingHoldsIt()\\/AppStoreRessourceTests.swift:9:10"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"Ch1Tests.AppStoreRessourceTests\\/Milestone2\\/getTopAppsCallsItsCompletionExactlyOnce()\\/AppStoreRessourceTests.swift:22:10"},"version":0}
        {"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":19,"fileID":"Ch1Tests\\/AppStoreRessourceTests.swift","line":24}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Confirmation was confirmed 0 times, but expected to be confirmed 1 time"},{"symbol":"details","text":"getTopApps called its completion"}],"testID":"Ch1Tests.AppStoreRessourceTests\\/Milestone2\\/getTopAppsCallsItsCompletionExactlyOnce()\\/AppStoreRessourceTests.swift:22:10"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"Test passed."}],"testID":"Ch1Tests.AppStoreRessourceTests\\/Milestone1\\/newResourceIsReleasedWhenNothingHoldsIt()\\/AppStoreRessourceTests.swift:9:10"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test failed."}],"testID":"Ch1Tests.AppStoreRessourceTests\\/Milestone2\\/getTopAppsCallsItsCompletionExactlyOnce()\\/AppStoreRessourceTests.swift:22:10"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Suite failed."}],"testID":"Ch1Tests.AppStoreRessourceTests"},"version":0}
        {"kind":"event","payload":{"kind":"runEnded","messages":[{"symbol":"fail","text":"Test run failed."}]},"version":0}
        """

    @Test("A finished run gives each test function's id, display name, result and failure")
    func finishedRunGivesEachTest() throws {
        let run = try EventStreamParser.parse(Self.runtimeRedStream)

        #expect(run.finished)
        #expect(
            run.tests == [
                TestResult(
                    id:
                        "Ch1Tests.AppStoreRessourceTests/Milestone1/newResourceIsReleasedWhenNothingHoldsIt()",
                    displayName: "A new resource is released as soon as nothing holds it", status: .passed),
                TestResult(
                    id:
                        "Ch1Tests.AppStoreRessourceTests/Milestone2/getTopAppsCallsItsCompletionExactlyOnce()",
                    displayName: "getTopApps calls its completion exactly once", status: .failed,
                    issues: [
                        TestIssue(
                            message:
                                "Confirmation was confirmed 0 times, but expected to be confirmed 1 time",
                            details: ["getTopApps called its completion"],
                            file: "Ch1Tests/AppStoreRessourceTests.swift",
                            line: 24)
                    ]),
            ])
        #expect(run.failed.map(\.name) == ["getTopAppsCallsItsCompletionExactlyOnce()"])
    }

    /// As 6.3.1 wrote it for a suite whose `.enabled(if:)` condition throws, beside two overloads of
    /// one name, `f(_ x: Int)` failing and `f(_ x: String)` passing (messages cut short).
    static let suiteIssueStream = """
        {"kind":"test","payload":{"id":"E.Refused","kind":"suite","name":"Refused"},"version":"6.3.0"}
        {"kind":"test","payload":{"id":"E.Refused\\/inside()\\/E.swift:7:6","kind":"function","name":"inside()"},"version":"6.3.0"}
        {"kind":"test","payload":{"id":"E.Overloads\\/f(_:)\\/E.swift:11:6","kind":"function","name":"f(_:)"},"version":"6.3.0"}
        {"kind":"test","payload":{"id":"E.Overloads\\/f(_:)\\/E.swift:12:6","kind":"function","name":"f(_:)"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":"6.3.0"}
        {"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Caught error: Boom()"}],"testID":"E.Refused"},"version":"6.3.0"}
        {"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Caught error: Boom()"}],"testID":"E.Refused\\/inside()\\/E.swift:7:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"E.Overloads\\/f(_:)\\/E.swift:11:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"E.Overloads\\/f(_:)\\/E.swift:12:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (x → 1) == 2"}],"testID":"E.Overloads\\/f(_:)\\/E.swift:11:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test f(_:) failed"}],"testID":"E.Overloads\\/f(_:)\\/E.swift:11:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"Test f(_:) passed"}],"testID":"E.Overloads\\/f(_:)\\/E.swift:12:6"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"runEnded","messages":[{"symbol":"fail","text":"Test run failed"}]},"version":"6.3.0"}
        """

    @Test("An issue on a suite fails it, a test that never starts fails on its issue, overloads stay two")
    func suiteIssuesAndOverloads() throws {
        let run = try EventStreamParser.parse(Self.suiteIssueStream)

        #expect(
            run.tests.map { "\($0.id) \($0.status)" } == [
                "E.Refused/inside() failed", "E.Overloads/f(_:) failed", "E.Overloads/f(_:) passed",
                "E.Refused failed",
            ])
        #expect(run.failed.first { $0.id == "E.Refused" }?.issues.map(\.message) == ["Caught error: Boom()"])
    }

    /// As 6.3.1 wrote it when a test crashed (an index out of range): the stream stops mid-test.
    static let crashedStream = """
        {"kind":"test","payload":{"id":"T.CrashTests\\/passes()\\/T.swift:4:4","kind":"function","name":"passes()"},"version":0}
        {"kind":"test","payload":{"id":"T.CrashTests\\/crashes()\\/T.swift:5:4","kind":"function","name":"crashes()"},"version":0}
        {"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"T.CrashTests\\/passes()\\/T.swift:4:4"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"passed"}],"testID":"T.CrashTests\\/passes()\\/T.swift:4:4"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"T.CrashTests\\/crashes()\\/T.swift:5:4"},"version":0}
        {"kind":"event","payload":{"kind":"testEnd
        """

    @Test("A stream that stops mid-run is an unfinished run, naming the test that never ended")
    func crashedStreamNamesUnfinishedTest() throws {
        let run = try EventStreamParser.parse(Self.crashedStream)

        #expect(!run.finished)
        #expect(run.unfinished.map(\.id) == ["T.CrashTests/crashes()"])
        #expect(run.passed.map(\.id) == ["T.CrashTests/passes()"])
    }

    @Test("Known issues and warnings do not fail a test")
    func knownIssuesDoNotFail() throws {
        let stream = """
            {"kind":"test","payload":{"id":"T.a()\\/T.swift:1:1","kind":"function"},"version":0}
            {"kind":"event","payload":{"kind":"testStarted","testID":"T.a()\\/T.swift:1:1"},"version":0}
            {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":true},"messages":[{"symbol":"fail","text":"known"}],"testID":"T.a()\\/T.swift:1:1"},"version":0}
            {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isKnown":false,"isFailure":false},"messages":[{"symbol":"warning","text":"a warning"}],"testID":"T.a()\\/T.swift:1:1"},"version":0}
            {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"passed"}],"testID":"T.a()\\/T.swift:1:1"},"version":0}
            {"kind":"event","payload":{"kind":"runEnded"},"version":0}
            """

        let run = try EventStreamParser.parse(stream)

        #expect(run.tests.map(\.status) == [.passed])
        #expect(run.tests.first?.issues == [])
    }

    @Test("Tests that were declared but never started (filtered out) are left out")
    func testsThatNeverStartedAreLeftOut() throws {
        let stream = """
            {"kind":"test","payload":{"id":"T.a()\\/T.swift:1:1","kind":"function"},"version":0}
            {"kind":"event","payload":{"kind":"runEnded"},"version":0}
            """

        #expect(try EventStreamParser.parse(stream).tests.isEmpty)
    }

    @Test("A line in the middle that is not a record is an error naming the line")
    func malformedLineIsAnError() {
        let stream =
            "{\"kind\":\"event\",\"payload\":{\"kind\":\"runStarted\"}}\nnot json\n{\"kind\":\"event\",\"payload\":{\"kind\":\"runEnded\"}}"

        #expect(
            throws: StageKitError.malformed(
                path: "the test event stream", line: 2, problem: "not an event record")
        ) {
            try EventStreamParser.parse(stream)
        }
    }

    @Test("An issue read out says what its test's author said with it, as Issue.record's comment")
    func issueReadOutCarriesItsDetails() {
        let recorded = TestIssue(
            message: "Issue recorded", details: ["ListingsController is still alive after the test"],
            file: "Ch8Tests/ListingsTests.swift", line: 9)

        let said = "Issue recorded (ListingsController is still alive after the test)"
        #expect(recorded.description == "Ch8Tests/ListingsTests.swift:9: \(said)")
        #expect(TestIssue(message: "Expectation failed: a == b").description == "Expectation failed: a == b")
    }
}
