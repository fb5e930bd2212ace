import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel

/// A small package of `workbook doctor`'s own, built and tested twice by what builds and tests a
/// learner's workspace: first its code names something missing, then it builds and its one test fails
/// on an `#expect`. A toolchain is ready when the check reads both back: the error, naming the missing
/// name in its file, and the failed test, by its name.
enum DoctorProbe {
    static let module = "DoctorProbe"
    static let missingName = "doctorProbeMissingName"
    static let sourceFile = "Probe.swift"
    static let failingTest = "failsOnPurpose()"

    /// The package, its code naming the missing name or not.
    static func files(compiling: Bool) -> FileTree {
        let manifest = """
            // swift-tools-version: 6.2
            // A package of 'workbook doctor': a build that fails, then a test that fails, on purpose.
            import PackageDescription

            let package = Package(
                name: "\(module)",
                platforms: [.macOS(.v15)],
                targets: [
                    .target(name: "\(module)"),
                    .testTarget(name: "\(module)Tests", dependencies: ["\(module)"]),
                ]
            )

            """
        let source = "public func answer() -> Int {\n    \(compiling ? "41" : missingName)\n}\n"
        let test = """
            import \(module)
            import Testing

            @Test func \(failingTest) {
                #expect(answer() == 42)
            }

            """
        return FileTree([
            "Package.swift": Data(manifest.utf8), "Sources/\(module)/\(sourceFile)": Data(source.utf8),
            "Tests/\(module)Tests/ProbeTests.swift": Data(test.utf8),
        ])
    }

    /// Whether Swift Testing was found missing (the Command Line Tools alone on a Mac): an error in the
    /// probe's test file that names `Testing` (Swift 6.3 says "no such module 'Testing'"; the names
    /// are read, not the words).
    static func testingIsMissing(_ outcomes: [Outcome]) -> Bool {
        outcomes.contains { outcome in
            guard case .compileError(let diagnostics) = outcome else { return false }
            return diagnostics.contains {
                $0.severity == .error && $0.fileName == "ProbeTests.swift" && $0.names.contains("Testing")
            }
        }
    }

    /// Whether the first build was read as an error that names the missing name, in the probe's file.
    static func readsTheError(_ outcome: Outcome) -> Bool {
        guard case .compileError(let diagnostics) = outcome else { return false }
        return diagnostics.contains {
            $0.severity == .error && $0.fileName == sourceFile && $0.names.contains(missingName)
        }
    }

    /// Whether the second run was read as tests that ran to their end, the probe's test failed (named
    /// "DoctorProbeTests.failsOnPurpose()", its module before its name).
    static func readsTheFailure(_ outcome: Outcome) -> Bool {
        guard case .tested(let run, _) = outcome else { return false }
        return run.finished && run.failed.contains { $0.name == "\(module)Tests.\(failingTest)" }
    }

    /// The lines for Swift Testing and for the check, from what the two runs were read as.
    static func findings(broken: Outcome, failing: Outcome) -> [DoctorFinding] {
        guard !testingIsMissing([broken, failing]) else {
            return [
                .failed(
                    "Swift Testing: 'import Testing' fails (no such module 'Testing'): on a Mac, use Xcode's"
                        + " toolchain rather than the Command Line Tools alone, with 'sudo xcode-select -s"
                        + " /Applications/Xcode.app' (Xcode 26 or later), and elsewhere install a toolchain of"
                        + " Swift 6.2 or later."),
                .failed("The check: it cannot run tests without Swift Testing: the line above says how."),
            ]
        }
        let testing: DoctorFinding
        if case .tested = failing {
            testing = .passed("Swift Testing: a test imports it, and runs.")
        } else {
            testing = .failed(
                "Swift Testing: not known, since the small package's test did not build: the next line says why."
            )
        }
        guard readsTheError(broken), readsTheFailure(failing) else {
            let shown = [broken, failing].map { outcome in
                outcome.summary + (firstLine(of: outcome).map { " (\($0))" } ?? "")
            }
            return [
                testing,
                .failed(
                    "The check: it read a small package's missing name as \(shown[0]), and its failing test as"
                        + " \(shown[1]), where it expects the name in \(sourceFile) and \(failingTest) failed:"
                        + " \(DoctorCommand.Work.installSwift), and show your facilitator this line."),
            ]
        }
        return [
            testing,
            .passed(
                "The check: it reads a build's error (cannot find '\(missingName)', in \(sourceFile)) and a"
                    + " failed test (\(failingTest))."),
        ]
    }

    /// The lines for a run of the small package stopped at its limit; nil when it ran to its end.
    static func notAnswered(_ outcome: Outcome) -> [DoctorFinding]? {
        guard case .timedOut(let what, let seconds, _) = outcome else { return nil }
        return [
            .failed(
                "Swift Testing: not known, since the small package did not answer: the next line says why."),
            .failed(
                "The check: \(what) of a small package did not answer in \(seconds) s:"
                    + " \(DoctorCommand.Work.installSwift), and show your facilitator this line."),
        ]
    }

    /// The first thing an outcome shows, on one line, short, made printable.
    static func firstLine(of outcome: Outcome) -> String? {
        let line: String? =
            switch outcome {
            case .compileError(let diagnostics): diagnostics.first.map(\.description)
            case .tested(let run, _): run.failed.first?.name ?? run.crashReport.first
            case .timedOut: nil
            }
        return line.map { PlainText.printable($0.prefix { !$0.isNewline }.prefix(120)) }
    }
}

extension DoctorCommand.Work {
    /// Builds and tests the probe, in a folder of its own in the temporary folder (`TMPDIR` when it is
    /// set), removed after, however the doctor ends (Ctrl-C too: a `GuardedFolder`), with the runner
    /// `workbook check` uses, within the probe's limits; the lines for Swift Testing and the check.
    func probeFindings() -> [DoctorFinding] {
        var made: GuardedFolder?
        defer {
            effects.showProgress("")
            made?.remove()
        }
        do throws(StageKitError) {
            let folder: URL
            do {
                let guarded = try GuardedFolder(TemporaryFolder.uniqueName("workbook-doctor-"))
                made = guarded
                folder = guarded.url
            } catch {
                throw .writeFailed(path: error.path, reason: error.reason)
            }
            let runner = try effects.makeRunner(.doctorProbe)
            try PackageWriter.sync(DoctorProbe.files(compiling: false), into: folder)
            let broken = try runner.check(folder, module: DoctorProbe.module, stepID: "doctor")
            if let said = DoctorProbe.notAnswered(broken) { return said }
            try PackageWriter.sync(DoctorProbe.files(compiling: true), into: folder)
            let failing = try runner.check(folder, module: DoctorProbe.module, stepID: "doctor")
            if let said = DoctorProbe.notAnswered(failing) { return said }
            return DoctorProbe.findings(broken: broken, failing: failing)
        } catch {
            return [
                .failed(
                    "Swift Testing: not known, since the small package was not built: the next line says why."
                ),
                .failed(
                    "The check: a small package in \(TemporaryFolder.root.path) could not be built (\(error.clause)): set TMPDIR to a"
                        + " folder you can write, or \(DoctorCommand.Work.installSwift)."),
            ]
        }
    }
}
