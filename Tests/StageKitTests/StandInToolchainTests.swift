import ChildProcesses
import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

/// The stand-in `swift` of `Tests/StandInToolchain`, which words every diagnostic and every Swift
/// Testing message as another release would, fed fixed lines through its filters (no build), and once
/// given to the runner in place of `swift` (a toolchain test): what another release keeps (places,
/// severities, quoted names, test ids, issue records, a crash) stays, and none of Swift 6.3.1's
/// sentences do.
@Suite(
    "Stand-in toolchain",
    .enabled(
        if: SwiftToolchain.find("python3", environment: ProcessInfo.processInfo.environment) != nil,
        "needs python3, which runs the stand-in"))
struct StandInToolchainTests {
    static let standIn = repositoryRoot.appendingPathComponent("Tests/StandInToolchain/swift")

    /// What `swift build --build-tests` printed for a probe package (Swift 6.3.1, Linux): errors with
    /// their snippets, a warning with its group tag, notes, a macro's expansion, SwiftPM's own lines.
    static let buildOutput = """
        [0/1] Planning build
        Building for debugging...
        [4/15] Compiling Probe Probe.swift
        /work/ws/Sources/Probe/Probe.swift:5:13: warning: initialization of immutable value 'unused' was never used; consider replacing with assignment to '_' or removing it [#no-usage]
        3 |     public init() {}
        4 |     public func getTopApps() -> [String] {
        5 |         let unused = 3
          |             `- warning: initialization of immutable value 'unused' was never used; consider replacing with assignment to '_' or removing it [#no-usage]
        6 |         return ["a"]
        /work/ws/Tests/ProbeTests/Missing.swift:6:37: error: value of type 'AppStoreRessource' has no member 'getTopAppz'
         6 |         #expect(AppStoreRessource().getTopAppz() == [])
           |                                     `- error: value of type 'AppStoreRessource' has no member 'getTopAppz'
        /work/ws/Tests/ProbeTests/Missing.swift:7:13: error: cannot find 'NetworkFetcher' in scope
        /work/ws/Tests/ProbeTests/Missing.swift:8:22: error: cannot convert value of type 'String' to specified type 'Int'
        /work/ws/Tests/ProbeTests/Missing.swift:9:44: error: argument passed to call that takes no arguments
        /work/ws/Tests/ProbeTests/Missing.swift:10:9: error: type 'RessourceError?' has no member 'decodingKeyNotFound'
        /work/ws/Sources/E/E.swift:6:19: error: sending 'box' risks causing data races [#SendingRisksDataRace]
        6 |     await counter.add(box)
          |                   |- error: sending 'box' risks causing data races [#SendingRisksDataRace]
          |                   `- note: sending 'box' to actor-isolated instance method 'add' risks causing data races
        7 |     box.n += 1
          |     `- note: access can happen concurrently
        macro expansion @Suite:17:26: error: '@const' value should be initialized with a compile-time value
        `- /work/ws/Tests/T/T.swift:43:2: note: expanded code originates here
           | `- note: in expansion of macro 'Suite' on struct 'DogsViewModelTests' here
        /work/ws/Sources/Chapter01/App.swift:3:5: error: 'App' initializer is inaccessible due to 'internal' protection level
        [5/15] Emitting module Probe
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """

    /// What a test binary printed: Swift Testing's console (coloured, as with TERM set) and a crash.
    static let testOutput = """
        \u{1B}[90m◇\u{1B}[0m Test run started.
        \u{1B}[90m↳ Testing Library Version: 6.3.1 (937120cbc281cf2)\u{1B}[0m
        \u{1B}[90m◇\u{1B}[0m Test failingExpect() started.
        \u{1B}[91m✘\u{1B}[0m Test failingExpect() recorded an issue at ProbeTests.swift:6:5: Expectation failed: (apps.count → 1) == 2
        \u{1B}[91m✘\u{1B}[0m Test confirmationMiss() recorded an issue at ProbeTests.swift:10:23: Confirmation was confirmed 1 time, but expected to be confirmed 2 times
        \u{1B}[90m↳ called twice\u{1B}[0m
        ✘ Test recorded() recorded an issue at ProbeTests.swift:16:17: Issue recorded
        ProbeTests/Crash.swift:3: Fatal error: The 'AppStoreRessource' was never made
        *** Program crashed: Illegal instruction at 0x00007f432fef9361 ***
        """

    /// The event stream of the same run (backtraces and paths cut short), ending in a line cut short
    /// by the crash.
    static let eventStream = """
        {"kind":"test","payload":{"id":"ProbeTests.failingExpect()\\/ProbeTests.swift:4:2","isParameterized":false,"kind":"function","name":"failingExpect()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":4}},"version":0}
        {"kind":"test","payload":{"id":"ProbeTests.recorded()\\/ProbeTests.swift:15:2","isParameterized":false,"kind":"function","name":"recorded()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":15}},"version":0}
        {"kind":"test","payload":{"id":"ProbeTests.confirmationMiss()\\/ProbeTests.swift:9:2","isParameterized":false,"kind":"function","name":"confirmationMiss()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":9}},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":811.276385924,"since1970":1795587392.1914968},"kind":"runStarted","messages":[{"symbol":"default","text":"Test run started."},{"symbol":"details","text":"Testing Library Version: 6.3.1 (937120cbc281cf2)"}]},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":811.276630121,"since1970":1795587392.191741},"kind":"testStarted","messages":[{"symbol":"default","text":"Test recorded() started."}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"_comments":["The feed was empty"],"instant":{"absolute":811.277013476,"since1970":1795587392.1921246},"issue":{"_backtrace":[{"address":140278752558806}],"isKnown":false,"sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":17,"fileID":"ProbeTests\\/ProbeTests.swift","line":16}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"The feed was empty"}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"_comments":[],"instant":{"absolute":811.277427538,"since1970":1795587392.1925385},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"ProbeTests\\/ProbeTests.swift","line":6}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (apps.count → 1) == 2"}],"testID":"ProbeTests.failingExpect()\\/ProbeTests.swift:4:2"},"version":0}
        {"kind":"event","payload":{"_comments":["called twice"],"issue":{"isKnown":false,"sourceLocation":{"column":23,"fileID":"ProbeTests\\/ProbeTests.swift","line":10}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Confirmation was confirmed 1 time, but expected to be confirmed 2 times"},{"symbol":"details","text":"called twice"}],"testID":"ProbeTests.confirmationMiss()\\/ProbeTests.swift:9:2"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test recorded() failed after 0.001 seconds with 1 issue."}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"Test passes() passed after 0.001 seconds."}],"testID":"ProbeTests.passes()\\/ProbeTests.swift:19:2"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"def
        """

    @Test("Each diagnostic keeps its place, its severity and its quoted names, in words of its own")
    func diagnosticsKeepPlacesAndNames() throws {
        let reworded = try reword(Self.buildOutput, "--reword-diagnostics")
        let before = CompilerOutputParser.diagnostics(in: Self.buildOutput)
        let after = CompilerOutputParser.diagnostics(in: reworded)

        // Nine, less the error inside a macro's expansion, which an error in the code hides.
        #expect(before.count == 8)
        #expect(after.map(\.file) == before.map(\.file))
        #expect(after.map(\.line) == before.map(\.line))
        #expect(after.map(\.column) == before.map(\.column))
        #expect(after.map(\.severity) == before.map(\.severity))
        #expect(after.map(\.notes.count) == before.map(\.notes.count))
        for (old, new) in zip(before, after) {
            let oldTexts = [old.message] + old.notes
            let newTexts = [new.message] + new.notes
            for (oldText, newText) in zip(oldTexts, newTexts) {
                #expect(quotedNames(newText) == quotedNames(oldText), "\(newText)")
                #expect(runOfFourWords(from: oldText, in: newText) == nil, "\(newText)")
            }
        }
        #expect(after.first?.message.hasSuffix(" [#no-usage]") == true)
    }

    @Test("Every line stays where it was: snippets keep their code and drawing, progress is untouched")
    func linesKeepTheirShape() throws {
        let before = Self.buildOutput.components(separatedBy: "\n")
        let after = try reword(Self.buildOutput, "--reword-diagnostics").components(separatedBy: "\n")

        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            let severity = #"^(.*?(:\d+:\d+: |[`|]- )|)(error|warning|note): "#
            if let note = old.range(of: severity, options: .regularExpression) {
                // The place or the drawing, and the severity word, stay; the sentence after them does not.
                #expect(new.hasPrefix(String(old[note])), "\(new)")
                #expect(new != old)
                #expect(quotedNames(new) == quotedNames(old), "\(new)")
            } else {
                #expect(new == old)
            }
        }
        #expect(!after.joined().contains("cannot find"))
        #expect(!after.joined().contains("has no member"))
    }

    @Test("The same message is reworded the same way every time, and two messages two ways")
    func rewordingIsStableAndTellsMessagesApart() throws {
        let lines = """
            /w/A.swift:1:1: error: cannot find 'AppStoreRessource' in scope
            /w/A.swift:1:1: error: cannot find type 'AppStoreRessource' in scope
            /w/A.swift:1:1: error: cannot find 'App' in scope
            /w/A.swift:1:1: error: something no rule knows about 'App'
            /w/A.swift:1:1: error: something else no rule knows about 'App'
            """

        let first = try reword(lines, "--reword-diagnostics")
        let second = try reword(lines, "--reword-diagnostics")

        #expect(first == second)
        let messages = CompilerOutputParser.diagnostics(in: first).map(\.message)
        #expect(messages.count == 5)
        #expect(Set(messages).count == 5)
    }

    @Test("Swift Testing's lines keep the test, the place, the expression and the test's own comments")
    func consoleKeepsTestsAndPlaces() throws {
        let after = try reword(Self.testOutput, "--reword-diagnostics").components(separatedBy: "\n")
        let before = Self.testOutput.components(separatedBy: "\n")

        #expect(after.count == before.count)
        #expect(after[3].hasPrefix("\u{1B}[91m✘\u{1B}[0m Test failingExpect() "))
        #expect(after[3].contains(" at ProbeTests.swift:6:5: "))
        #expect(after[3].hasSuffix("(apps.count → 1) == 2"))
        #expect(after[4].contains("confirmationMiss()") && after[4].contains("ProbeTests.swift:10:23"))
        #expect(after[5] == before[5])
        #expect(after[6].contains("recorded()") && after[6].contains("ProbeTests.swift:16:17"))
        #expect(after[7].hasPrefix("ProbeTests/Crash.swift:3: "))
        #expect(quotedNames(after[7]) == ["'AppStoreRessource'"])
        for sentence in [
            "Test run started", "Testing Library Version", "recorded an issue", "Expectation failed",
            "Confirmation was confirmed", "Issue recorded", "Fatal error", "Program crashed",
        ] {
            #expect(!after.joined(separator: "\n").contains(sentence), "\(sentence)")
        }
    }

    @Test("The event stream keeps every field but its messages' texts, and reads as the same run")
    func eventsKeepEverythingButTheTexts() throws {
        let reworded = try reword(Self.eventStream, "--reword-events")
        let before = Self.eventStream.components(separatedBy: "\n")
        let after = reworded.components(separatedBy: "\n")

        #expect(after.count == before.count)
        #expect(after.last == before.last)
        for (old, new) in zip(before.dropLast(), after.dropLast()) {
            #expect(try withoutTexts(new) == withoutTexts(old), "\(new)")
            let oldTexts = try texts(old)
            let newTexts = try texts(new)
            #expect(newTexts.count == oldTexts.count)
            let kept = try comments(old)
            for (oldText, newText) in zip(oldTexts, newTexts) where !kept.contains(oldText) {
                #expect(newText != oldText)
            }
        }
        let oldRun = try EventStreamParser.parse(Self.eventStream)
        let newRun = try EventStreamParser.parse(reworded)
        #expect(newRun.tests.map(\.id) == oldRun.tests.map(\.id))
        #expect(newRun.tests.map(\.status) == oldRun.tests.map(\.status))
        #expect(newRun.tests.map { $0.issues.map(\.file) } == oldRun.tests.map { $0.issues.map(\.file) })
        #expect(newRun.tests.map { $0.issues.map(\.line) } == oldRun.tests.map { $0.issues.map(\.line) })
        let details = { (run: TestRun) in run.tests.map { $0.issues.map(\.details) } }
        #expect(details(newRun) == details(oldRun))
        #expect(newRun.finished == oldRun.finished)
        let messages = newRun.tests.flatMap(\.issues).map(\.message)
        #expect(messages.count == 3)
        #expect(messages.contains { $0.hasSuffix("(apps.count → 1) == 2") })
        for (old, new) in zip(oldRun.tests.flatMap(\.issues), newRun.tests.flatMap(\.issues)) {
            #expect(runOfFourWords(from: old.message, in: new.message) == nil, "\(new.message)")
            #expect(new.message != old.message)
        }
    }

    @Test(
        "The runner, given the stand-in for swift, still reads places, tests, issues and a crash",
        .tags(.toolchain), .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build"),
        .timeLimit(.minutes(10)))
    func runnerReadsTheStandInsBuildsAndTests() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stand-in-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("Probe")
        func write(_ path: String, _ text: String) throws {
            try PackageWriter.write(Data(text.utf8), to: folder.appendingPathComponent(path))
        }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Probe",
                targets: [.target(name: "Probe"), .testTarget(name: "ProbeTests", dependencies: ["Probe"])])

            """)
        try write("Sources/Probe/Probe.swift", "public struct Feed {\n    public init() {}\n}\n")
        try write(
            "Tests/ProbeTests/ProbeTests.swift",
            """
            import Probe
            import Testing

            @Test func counts() { #expect([Feed()].count == 2) }
            @Test func records() { Issue.record("The feed was empty") }

            """)
        let runner = SwiftPMStepRunner(swift: Self.standIn, scratch: scratch)

        let failing = try tested(runner.check(folder, module: "Probe", stageID: "probe"))
        if runner.testCommand(folder: folder, module: "Probe").executable.pathExtension == "xctest" {
            // Where the runner starts the test binary itself, the stand-in has wrapped it.
            let real = folder.appendingPathComponent(".build/debug/ProbePackageTests.xctest.real")
            #expect(FileManager.default.fileExists(atPath: real.path))
        }
        #expect(failing?.finished == true)
        let issues = failing?.failed.flatMap(\.issues) ?? []
        #expect(issues.compactMap(\.line).sorted() == [4, 5])
        #expect(issues.contains { $0.details == ["The feed was empty"] })
        #expect(issues.contains { $0.message.hasSuffix("([Feed()].count → 1) == 2") })
        #expect(
            !issues.contains { $0.message.contains("Expectation failed") || $0.message == "Issue recorded" })

        // A crash still reads as one: the run never ended, and the crashing test never finished.
        try write(
            "Tests/ProbeTests/ProbeTests.swift",
            "import Probe\nimport Testing\n\n@Test func stops() { preconditionFailure(\"no 'Feed' here\") }\n"
        )
        let crashed = try tested(runner.check(folder, module: "Probe", stageID: "probe"))
        #expect(crashed?.finished == false)
        #expect(crashed?.unfinished.map(\.id) == ["ProbeTests.stops()"])
        #expect(crashed?.crashReport.contains { $0.contains("Fatal error") } == false)

        try write("Tests/ProbeTests/ProbeTests.swift", "import Probe\n\nlet missing = Feed().items\n")
        guard case .compileError(let errors) = try runner.check(folder, module: "Probe", stageID: "probe")
        else {
            Issue.record("the probe's error did not stop its build")
            return
        }
        #expect(errors.map(\.fileName) == ["ProbeTests.swift"])
        #expect(errors.map(\.line) == [3])
        #expect(errors.map { quotedNames($0.message) } == [["'Feed'", "'items'"]])
        #expect(!errors.contains { $0.message.contains("has no member") })
    }

    // MARK: - Helpers

    /// The run of an outcome whose tests ran, or nil, recorded as an issue.
    func tested(_ outcome: Outcome) -> TestRun? {
        guard case .tested(let run, _) = outcome else {
            Issue.record("the tests did not run: \(outcome.summary)")
            return nil
        }
        return run
    }

    func reword(_ text: String, _ mode: String) throws -> String {
        let result = try ChildProcess(
            Self.standIn, [mode], input: .data(Data((text + "\n").utf8)), timeLimit: .seconds(60)
        ).run()
        try #require(result.termination == .exited(0), "\(result.output)")
        return String(result.output.dropLast())
    }

    /// The names a message quotes, in order: 'getTopApps'. A quote just after a letter is an
    /// apostrophe ("doesn't"), and a closing quote is followed by no letter.
    func quotedNames(_ text: String) -> [String] {
        let characters = Array(text)
        func isWord(_ index: Int) -> Bool {
            characters.indices.contains(index)
                && (characters[index].isLetter || characters[index].isNumber
                    || characters[index] == "_")
        }
        var names: [String] = []
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "'", !isWord(index - 1),
                let end = characters[(index + 1)...].firstIndex(where: { $0 == "'" || $0 == "\n" }),
                characters[end] == "'", end > index + 1, !isWord(end + 1)
            else { continue }
            names.append(String(characters[index...end]))
            index = end
        }
        return names
    }

    /// Four words in a row of `original`'s sentence that `paraphrase` repeats, if any: quoted names are
    /// kept on purpose, and left out.
    func runOfFourWords(from original: String, in paraphrase: String) -> String? {
        func words(_ text: String) -> [String] {
            var text = text
            for name in quotedNames(text) { text = text.replacingOccurrences(of: name, with: " ") }
            return text.lowercased().split { !$0.isLetter }.map(String.init)
        }
        let old = words(original)
        guard old.count >= 4 else { return nil }
        let runs = Set((0...(old.count - 4)).map { old[$0..<$0 + 4].joined(separator: " ") })
        let new = words(paraphrase)
        guard new.count >= 4 else { return nil }
        let repeated = (0...(new.count - 4)).map { new[$0..<$0 + 4].joined(separator: " ") }
        return repeated.first { runs.contains($0) }
    }

    func record(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func messages(_ record: [String: Any]) -> [[String: Any]] {
        (record["payload"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
    }

    func texts(_ line: String) throws -> [String] {
        messages(try record(line)).compactMap { $0["text"] as? String }
    }

    func comments(_ line: String) throws -> [String] {
        (try record(line)["payload"] as? [String: Any])?["_comments"] as? [String] ?? []
    }

    /// The record with each message's text taken out, in one canonical spelling.
    func withoutTexts(_ line: String) throws -> String {
        var record = try record(line)
        if var payload = record["payload"] as? [String: Any], payload["messages"] != nil {
            payload["messages"] = messages(record).map { $0.filter { $0.key != "text" } }
            record["payload"] = payload
        }
        let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
