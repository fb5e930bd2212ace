import ChildProcesses
import Foundation
import Testing

@testable import StepRunning

/// What a learner's check shows of warnings does not depend on which build compiled a file first:
/// the build a step starts in the background, or the check's own.
@Suite("WarningRecord: a file's warnings, as it was last compiled")
struct WarningRecordTests {
    let folder = TemporaryFolder.uniqueName("warning-record-")
    var source: URL { folder.appendingPathComponent("Sources/Demo/Greeter.swift") }
    var object: URL { folder.appendingPathComponent(".build/debug/Demo.build/Greeter.swift.o") }

    init() throws {
        for url in [source, object] {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
    }

    func delete() { try? FileManager.default.removeItem(at: folder) }

    func compiled(at date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: object.path)
    }

    var warning: Diagnostic {
        Diagnostic(
            file: source.path, line: 3, column: 9, severity: .warning,
            message: "variable 'x' was never mutated; consider changing to 'let' constant")
    }

    @Test("A warning printed by the build that compiled the file is shown by a later build that did not")
    func aWarningOutlivesTheBuildThatPrintedIt() throws {
        defer { delete() }
        let first = Date(timeIntervalSince1970: 1000)
        try compiled(at: first.addingTimeInterval(1))
        #expect(WarningRecord.update(in: folder, buildStarted: first, diagnostics: [warning]) == [warning])

        // The check's build, later, compiles nothing and prints nothing.
        #expect(
            WarningRecord.update(in: folder, buildStarted: first.addingTimeInterval(60), diagnostics: [])
                == [warning])
    }

    @Test("A file compiled again without its warning has none")
    func aFileCompiledCleanHasNone() throws {
        defer { delete() }
        let first = Date(timeIntervalSince1970: 1000)
        try compiled(at: first.addingTimeInterval(1))
        _ = WarningRecord.update(in: folder, buildStarted: first, diagnostics: [warning])

        let second = first.addingTimeInterval(60)
        try compiled(at: second.addingTimeInterval(1))
        #expect(WarningRecord.update(in: folder, buildStarted: second, diagnostics: []).isEmpty)
    }

    @Test("A file with no object where SwiftPM keeps them counts as compiled: the build's output is all")
    func withoutAnObjectTheOutputIsAll() throws {
        defer { delete() }
        try FileManager.default.removeItem(at: object)
        let first = Date(timeIntervalSince1970: 1000)
        _ = WarningRecord.update(in: folder, buildStarted: first, diagnostics: [warning])
        #expect(WarningRecord.update(in: folder, buildStarted: first, diagnostics: []).isEmpty)
    }
}
