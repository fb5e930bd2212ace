import Dispatch
import ExecutableTesting
import Foundation
import Testing

@testable import StageKit

/// The workbook's own folder: three levels above this file.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let stagesExecutable = BuiltExecutable.named("stages")

private let workbookExecutable = BuiltExecutable.named("workbook")

private let swiftCommand = try? SwiftToolchain.locate()

@Suite("End to end", .serialized)
struct EndToEndTests {
    @Test(
        "A chapter 1 red made to pass is caught by the real walk, which names that stage",
        .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build a stage"),
        .timeLimit(.minutes(10)))
    func realWalkCatchesARedThatPasses() throws {
        let swift = try #require(swiftCommand)
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        // Step 1.5 adds App; also calling the completion there makes its red pass.
        let completing = try String(
            contentsOf: copy.appendingPathComponent(
                "Chapters/01-skeleton-resource/stages/06-call-the-completion/Sources/Chapter01SkeletonResource/AppStoreRessource.swift"
            ),
            encoding: .utf8)
        try Data(completing.utf8).write(
            to: copy.appendingPathComponent(
                "Chapters/01-skeleton-resource/stages/05-create-app/Sources/Chapter01SkeletonResource/AppStoreRessource.swift"
            ))
        let workbook = try WorkbookLoader.load(root: copy)
        var printed: [String] = []
        let walk = Walk(
            workbook: workbook,
            runner: SwiftPMStageRunner(swift: swift, scratch: copy.appendingPathComponent(".build-stages")),
            print: { printed.append($0) })

        let report = try walk.run(WalkSelection(stage: "1.5"))

        #expect(!report.passed)
        #expect(report.mismatched.map(\.stage.id) == ["1.5"])
        #expect(report.stages.first?.outcome.summary == "all pass (2)")
        #expect(printed.contains("         already green: all 2 tests pass, but a red step must fail"))
        #expect(
            printed.contains {
                $0.hasPrefix(
                    "chain  1.6: it writes Sources/Chapter01SkeletonResource/AppStoreRessource.swift unchanged"
                )
            })
        #expect(
            printed.last?.hasPrefix("walk FAILED: stage(s) 1.5 (red) did not show what they must") == true)
    }

    @Test(
        "The real runner classifies chapter 1's compile red by its diagnostics",
        .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build a stage"),
        .timeLimit(.minutes(10)))
    func realRunnerReadsCompileErrors() throws {
        let swift = try #require(swiftCommand)
        let copy = try copyOfChapterOne()
        defer { try? FileManager.default.removeItem(at: copy) }
        let workbook = try WorkbookLoader.load(root: copy)
        let (chapter, stage) = try workbook.stage(named: "1.4")
        let runner = SwiftPMStageRunner(swift: swift, scratch: copy.appendingPathComponent(".build-stages"))

        let outcome = try runner.run(
            StagePackage.files(for: chapter, tree: workbook.tree(after: stage, in: chapter)), of: chapter,
            stageID: stage.id)

        guard case .compileError(let errors) = outcome else {
            Issue.record("expected a compile error, got \(outcome.summary)")
            return
        }
        #expect(
            errors.map(\.description) == [
                "AppStoreRessource.swift:9:42: error: cannot find type 'App' in scope"
            ])
    }

    @Test(
        "The stages executable answers a wrong command line with one sentence and exit status 2",
        .enabled(
            if: stagesExecutable != nil,
            "needs the stages executable, which swift build makes beside the tests"))
    func executableRejectsWrongCommandLines() throws {
        let executable = try #require(stagesExecutable)

        let unknownChapter = try BuiltExecutable.run(
            executable, ["walk", "--chapter", "9", "--root", repositoryRoot.path])
        let noStage = try BuiltExecutable.run(executable, ["checkout", "--root", repositoryRoot.path])
        let help = try BuiltExecutable.run(executable, ["help"])

        #expect(unknownChapter.status == 2)
        #expect(
            unknownChapter.output
                == "stages: there is no chapter '9': run 'Scripts/stages list' to see the chapters.\n")
        #expect(noStage.status == 2)
        #expect(noStage.output.hasPrefix("stages: 'checkout' needs a stage to check out, like 1.3"))
        #expect(help.status == 0)
        #expect(help.output.contains("stages walk [--chapter C]"))
    }

    @Test(
        "The stages executable refuses to check out over a learner's work, then keeps a backup with --force",
        .enabled(
            if: stagesExecutable != nil,
            "needs the stages executable, which swift build makes beside the tests"))
    func executableKeepsTheLearnersWork() throws {
        let executable = try #require(stagesExecutable)
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workspace) }
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data("my work".utf8).write(to: workspace.appendingPathComponent("Mine.swift"))
        let arguments = ["checkout", "1.3", "--root", repositoryRoot.path, "--into", workspace.path]

        let refused = try BuiltExecutable.run(executable, arguments)
        let forced = try BuiltExecutable.run(executable, arguments + ["--force"])

        #expect(refused.status == 2)
        #expect(refused.output.contains("is not empty: pass --force to replace it (a backup copy is kept)."))
        #expect(forced.status == 0)
        let backupLine = try #require(forced.output.split(separator: "\n").first)
        let backupPath = try #require(backupLine.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(try String(contentsOfFile: backupPath + "/Mine.swift", encoding: .utf8) == "my work")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("STAGE.md").path))
        try? FileManager.default.removeItem(atPath: backupPath)
    }

    @Test(
        "A learner walks chapter 1 with workbook: start, a check that is not met, then each step's code and next",
        .enabled(
            if: workbookExecutable != nil && swiftCommand != nil, "needs the workbook executable and swift"),
        .timeLimit(.minutes(10)))
    func learnerWalksChapterOneWithWorkbook() throws {
        let executable = try #require(workbookExecutable)
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "learner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let options = ["--root", repositoryRoot.path, "--workspace", workspace.path]
        let chapter = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1))

        let started = try BuiltExecutable.run(executable, ["start", "1"] + options)
        let unmet = try BuiltExecutable.run(executable, ["check"] + options)
        #expect(started.status == 0)
        #expect(started.output.contains("Step 1.1 🔴 Ask for a resource that does not exist yet"))
        #expect(unmet.status == 1)
        #expect(unmet.output.contains("Not yet: this step's goal is that it does not compile"))

        for stage in chapter.stages {
            for (path, data) in stage.changes.files {
                let target = workspace.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            }
            let next = try BuiltExecutable.run(executable, ["next"] + options, timeout: 300)
            #expect(next.status == 0, "step \(stage.id): \(next.output)")
            #expect(
                next.output.contains(stage.kind == .red ? "Red, for the right reason" : "Green:"),
                "step \(stage.id): \(next.output)")
        }

        let status = try BuiltExecutable.run(executable, ["status"] + options)
        #expect(status.output.contains("[██████████████████████████████] 6/6 steps"))
        #expect(status.output.contains("You have done every step of this chapter."))
    }

    @Test(
        "workbook watch checks again when a file is saved, and stops on q",
        .enabled(
            if: workbookExecutable != nil && swiftCommand != nil, "needs the workbook executable and swift"),
        .timeLimit(.minutes(5)))
    func watchChecksAgainOnASave() throws {
        let executable = try #require(workbookExecutable)
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let options = ["--root", repositoryRoot.path, "--workspace", workspace.path]
        _ = try BuiltExecutable.run(executable, ["start", "1"] + options)
        let chapter = try #require(try WorkbookLoader.load(root: repositoryRoot).chapter(1))
        let process = Process()
        process.executableURL = executable
        process.arguments = ["watch"] + options
        let output = Pipe()
        let keyboard = Pipe()
        process.standardOutput = output
        process.standardInput = keyboard
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var seen = ""
        func waitFor(_ text: String, times: Int) {
            while seen.components(separatedBy: text).count - 1 < times {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                seen += String(decoding: chunk, as: UTF8.self)
            }
        }

        waitFor("Stuck? 'workbook hint'.", times: 1)
        for (path, data) in try #require(chapter.stage(1)).changes.files {
            let target = workspace.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
        waitFor("Red, for the right reason", times: 1)
        keyboard.fileHandleForWriting.write(Data("q\n".utf8))
        waitFor("Stopped watching.", times: 1)
        // Not waitUntilExit(): it spins a run loop that nothing drives under Swift Testing.
        exited.wait()

        #expect(seen.contains("by polling every half"))
        #expect(seen.components(separatedBy: "Checking 1.1").count - 1 == 2)
        #expect(
            seen.contains("Red, for the right reason: it does not compile, with the error the step expects."))
        #expect(seen.contains("Stopped watching."))
        #expect(process.terminationStatus == 0)
    }

    /// A temporary workbook holding chapter 1 as the repository has it.
    func copyOfChapterOne() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chapter1-\(UUID().uuidString)")
        for path in [
            "Package.swift", "Chapters/01-skeleton-resource", "Sources/Chapter01SkeletonResource",
            "Tests/Chapter01SkeletonResourceTests",
        ] {
            let target = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(path), to: target)
        }
        return copy
    }
}
