import ChildProcesses
import Foundation
import Testing

@testable import StepRunning

/// The stand-in `swift` of `Tests/StandInToolchain`, which words every diagnostic and every Swift
/// Testing message as another release would, fed fixed lines through its filters (no build), and once
/// given to the runner in place of `swift` (a toolchain test): what another release keeps (places,
/// severities, quoted names, test ids, issue records, a crash) stays, and none of Swift 6.3.1's
/// sentences do.
@Suite(
    "Stand-in toolchain",
    .enabled(
        if: SwiftToolchain.find("python3", environment: ProcessInfo.processInfo.environment) != nil,
        "needs python3, which runs the stand-in"), .offThePool)
struct StandInToolchainTests {
    static let standIn = repositoryRoot.appendingPathComponent("Tests/StandInToolchain/swift")

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

    // MARK: - Helpers

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
