import ChildProcesses
import Foundation
import Testing

@testable import StepRunning

/// What a learner's check shows of warnings does not depend on which build compiled a file first:
/// the build a step starts in the background, or the check's own; under either of SwiftPM's build
/// systems, each of which writes something else when it compiles a file.
@Suite("WarningRecord: a file's warnings, as it was last compiled", .offThePool)
struct WarningRecordTests {
    /// SwiftPM's two layouts: where its products go, and what a compile of Greeter.swift writes.
    enum System: String, CaseIterable, CustomTestStringConvertible {
        case native, swiftBuild
        var products: String {
            self == .native ? ".build/x86_64-unknown-linux-gnu/debug" : ".build/out/Products/Debug-linux"
        }
        var marker: String {
            self == .native
                ? ".build/x86_64-unknown-linux-gnu/debug/Demo.build/Greeter.swift.o"
                : ".build/out/Intermediates.noindex/Demo.build/Debug-linux/Demo.build/Objects-normal/x86_64/Greeter.dia"
        }
        var testDescription: String { rawValue }
    }

    /// A package folder with Greeter.swift, and the file a compile of it wrote.
    struct Fixture {
        let folder = TemporaryFolder.uniqueName("warning-record-")
        var source: URL { folder.appendingPathComponent("Sources/Demo/Greeter.swift") }
        let marker: URL
        let layout: BuildLayout

        init(_ system: System) throws {
            marker = folder.appendingPathComponent(system.marker)
            layout = BuildLayout(products: folder.appendingPathComponent(system.products))
            for url in [source, marker] {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("x".utf8).write(to: url)
            }
        }

        func delete() { try? FileManager.default.removeItem(at: folder) }

        func compiled(at date: Date) throws {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: marker.path)
        }

        var warning: Diagnostic {
            Diagnostic(
                file: source.path, line: 3, column: 9, severity: .warning,
                message: "variable 'x' was never mutated; consider changing to 'let' constant")
        }

        func update(started: Date, _ diagnostics: [Diagnostic]) -> [Diagnostic] {
            WarningRecord.update(in: folder, layout: layout, buildStarted: started, diagnostics: diagnostics)
        }
    }

    @Test(
        "A warning printed by the build that compiled the file is shown by a later build that did not",
        arguments: System.allCases)
    func aWarningOutlivesTheBuildThatPrintedIt(_ system: System) throws {
        let fixture = try Fixture(system)
        defer { fixture.delete() }
        let first = Date(timeIntervalSince1970: 1000)
        try fixture.compiled(at: first.addingTimeInterval(1))
        #expect(fixture.update(started: first, [fixture.warning]) == [fixture.warning])

        // The check's build, later, compiles nothing and prints nothing.
        #expect(fixture.update(started: first.addingTimeInterval(60), []) == [fixture.warning])
    }

    @Test("A file compiled again without its warning has none", arguments: System.allCases)
    func aFileCompiledCleanHasNone(_ system: System) throws {
        let fixture = try Fixture(system)
        defer { fixture.delete() }
        let first = Date(timeIntervalSince1970: 1000)
        try fixture.compiled(at: first.addingTimeInterval(1))
        _ = fixture.update(started: first, [fixture.warning])

        let second = first.addingTimeInterval(60)
        try fixture.compiled(at: second.addingTimeInterval(1))
        #expect(fixture.update(started: second, []).isEmpty)
    }

    @Test(
        "A file with nothing where its build system writes at a compile counts as compiled: the output is all",
        arguments: System.allCases)
    func withoutAMarkerTheOutputIsAll(_ system: System) throws {
        let fixture = try Fixture(system)
        defer { fixture.delete() }
        try FileManager.default.removeItem(at: fixture.marker)
        let first = Date(timeIntervalSince1970: 1000)
        _ = fixture.update(started: first, [fixture.warning])
        #expect(fixture.update(started: first, []).isEmpty)
    }
}
