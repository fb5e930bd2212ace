import ChildProcesses
import Foundation
import WorkbookModel

/// Runs steps with SwiftPM in one warm scratch package per chapter: it writes only the files whose
/// content changed (unchanged files keep their dates), passes the same flags every time and runs the
/// built test binary directly, so a step costs about what it changed.
package struct SwiftPMStepRunner: StepRunner {
    var swift: URL
    /// Holds one package folder per chapter and the module cache they share.
    package var scratch: URL
    var buildTimeout: Double
    /// Seconds the tests of one step may run before they are stopped and the running test is named.
    var testTimeout: Double
    /// Whether builds share one module cache in `scratch`. A learner's workspace does not: its builds
    /// must use the flags of a plain `swift test`, or each would undo the other's.
    var sharesModuleCache: Bool
    /// Whether a file's warnings are kept from the build that compiled it (`WarningRecord`): a
    /// learner's workspace, which two builds share (the one a step starts, and the check's).
    var recordsWarnings = false
    /// Told what is being built or which test runs, and for how long: as the output shows more (at
    /// most four times a second), and once a second while it shows nothing.
    var report: @Sendable (String) -> Void
    /// How the built tests are started: by default the test products themselves on Linux, and
    /// `swift test --skip-build` on a Mac, where only SwiftPM can load a test bundle.
    var testLaunch = TestLaunch.platformDefault
    /// Where SwiftPM put each package's products, asked once a package by this runner and its copies.
    let layouts = BuildLayouts()

    package init(
        swift: URL, scratch: URL, buildTimeout: Double = 900, testTimeout: Double = 300,
        sharesModuleCache: Bool = true, report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.swift = swift
        self.scratch = scratch
        self.buildTimeout = buildTimeout
        self.testTimeout = testTimeout
        self.sharesModuleCache = sharesModuleCache
        self.report = report
    }

    func packageFolder(for chapter: Chapter) -> URL {
        scratch.appendingPathComponent(chapter.folderName)
    }

    package func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError)
        -> Outcome
    {
        let folder = packageFolder(for: chapter)
        try PackageWriter.sync(package, into: folder)
        return try check(folder, module: chapter.module, stepID: stepID)
    }

    package func runClean(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError)
        -> Outcome
    {
        try? FileManager.default.removeItem(at: packageFolder(for: chapter).appendingPathComponent(".build"))
        return try run(package, of: chapter, stepID: stepID)
    }

    package func check(_ folder: URL, module: String, stepID: String) throws(StageKitError) -> Outcome {
        let files = PackageFileList.replanIfFilesChanged(in: folder)
        let started = Date()
        var build = try self.build(folder, stepID: stepID)
        var diagnostics = CompilerOutputParser.diagnostics(in: build.output)
        if !build.succeeded, build.termination != .timedOut,
            !diagnostics.contains(where: { $0.severity == .error && $0.line != nil })
        {
            // No compiler error, yet the build failed (a link step, say): the incremental state may be
            // stale. Answer from a clean build of this chapter's package instead.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".build"))
            build = try self.build(folder, stepID: stepID)
            diagnostics = CompilerOutputParser.diagnostics(in: build.output)
        }
        if build.termination == .timedOut {
            return .timedOut(what: "the build", seconds: Int(buildTimeout), unfinished: [])
        }
        try PackageFileList.remember(files, in: folder)
        let warnings = lastWarnings(diagnostics, in: folder, since: started)
        guard build.succeeded else {
            let errors = diagnostics.filter { $0.severity == .error }
            // Warnings go with the errors: a red that fails to compile must build cleanly otherwise.
            let located = diagnostics.filter { $0.severity == .error || $0.line != nil }
            return .compileError(
                errors.isEmpty
                    ? [
                        Diagnostic(
                            file: nil, line: nil, column: nil, severity: .error,
                            message: lastLines(build.output))
                    ]
                    : located)
        }
        // With no test source left, the test product on disk is an earlier build's: never run it.
        guard PackageFileList.hasTestSources(files) else {
            return .tested(TestRun(tests: [], finished: true), warnings: warnings)
        }
        return try test(
            folder, module: module, testTargets: PackageFileList.testTargets(files), stepID: stepID,
            warnings: warnings)
    }

    /// How long the build that starts with a step may run: a command that waits for it waits no
    /// longer than this. A cold build of a chapter takes well under a minute.
    package static let warmUpLimit: Double = 300

    package func warm(_ folder: URL) throws(StageKitError) -> String? {
        var runner = self
        runner.buildTimeout = min(buildTimeout, Self.warmUpLimit)
        let files = PackageFileList.replanIfFilesChanged(in: folder)
        let started = Date()
        let build = try runner.build(folder, stepID: "warm-up")
        guard build.termination == .timedOut else {
            _ = lastWarnings(CompilerOutputParser.diagnostics(in: build.output), in: folder, since: started)
            try PackageFileList.remember(files, in: folder)
            return nil
        }
        return build.output.split(separator: "\n").last.map { $0.trimmingWhitespace() } ?? "starting"
    }

    func build(_ folder: URL, stepID: String) throws(StageKitError) -> ChildProcess.Result {
        let result = try run(
            swift, ["build", "--build-tests", "--package-path", folder.path] + sharedFlags,
            timeout: buildTimeout
        ) { seconds, output in
            let step = Self.lastLine(of: output) { $0.hasPrefix("[") }.map { " \($0)" } ?? ""
            return "Building…\(step) (\(seconds) s)"
        }
        try checkStillThere(folder, stepID: stepID)
        return result
    }

    /// Runs a child, reporting progress with `describe` (given the seconds so far and the output).
    func run(
        _ executable: URL, _ arguments: [String], timeout: Double, describe: (Int, Substring) -> String
    ) throws(StageKitError) -> ChildProcess.Result {
        do {
            return try ChildProcess(executable, arguments, timeLimit: .seconds(timeout)).run { progress in
                report(describe(Int(progress.elapsed.components.seconds), progress.output))
            }
        } catch {
            throw .missingFile(path: executable.path, why: "it could not be started (\(error.reason))")
        }
    }

    /// The module cache is shared by every chapter, so a chapter's first build reuses the others'.
    var sharedFlags: [String] {
        guard sharesModuleCache else { return [] }
        return [
            "-Xswiftc", "-module-cache-path", "-Xswiftc", scratch.appendingPathComponent("module-cache").path,
        ]
    }

    func checkStillThere(_ folder: URL, stepID: String) throws(StageKitError) {
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            throw .scratchVanished(path: folder.path, step: stepID)
        }
    }

    /// The last line of `output` that `isWanted`, a line as `output.split(separator: "\n")` cuts them,
    /// found from the end: a build's progress reads its newest line at every tick without splitting all
    /// that the build printed before it.
    static func lastLine(of output: Substring, where isWanted: (Substring) -> Bool) -> Substring? {
        var end = output.endIndex
        while end > output.startIndex {
            let start =
                output[..<end].lastIndex(of: "\n").map { output.index(after: $0) } ?? output.startIndex
            let line = output[start..<end]
            if !line.isEmpty, isWanted(line) { return line }
            guard start > output.startIndex else { return nil }
            end = output.index(before: start)
        }
        return nil
    }

    func lastLines(_ output: String) -> String {
        output.split(separator: "\n").suffix(5).joined(separator: " / ")
    }
}
