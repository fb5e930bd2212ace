import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

@Suite("StepCheckout", .offThePool)
struct StepCheckoutTests {
    @Test("Checking out a step writes its package, its note and a .gitignore into an empty folder")
    func checkoutWritesThePackage() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.step(named: "1.1")

        let result = try StepCheckout.write(
            step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: false)

        #expect(result.backup == nil)
        let written = try FileTree.read(from: fixture.url("Workspace"))
        #expect(
            written.paths == [
                "Package.swift", "STAGE.md", WorkbookFixture.sourcePath, WorkbookFixture.testPath,
            ])
        #expect(try fixture.read("Workspace/\(WorkbookFixture.testPath)") == WorkbookFixture.testFile)
        #expect(try fixture.read("Workspace/STAGE.md").hasPrefix("# Step 1.1 🔴 Ask for a greeting\n"))
        #expect(FileManager.default.fileExists(atPath: fixture.url("Workspace/.gitignore").path))
    }

    @Test("Checking out a chapter's start writes the files before its first step")
    func checkoutOfStartWritesStartFiles() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.stepOrStart(named: "1.0")

        _ = try StepCheckout.write(
            step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: false)

        #expect(try fixture.read("Workspace/\(WorkbookFixture.sourcePath)") == "// Greeter will live here.\n")
        #expect(
            try fixture.read("Workspace/STAGE.md").contains("Your first step is 1.1 🔴 Ask for a greeting."))
    }

    @Test("A folder that is not empty is refused, and nothing in it changes")
    func nonEmptyFolderIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Workspace/mine.swift", "my work")
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.step(named: "1.2")

        #expect(throws: StageKitError.workspaceNotEmpty(path: fixture.url("Workspace").path)) {
            try StepCheckout.write(
                step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: false)
        }
        #expect(try FileTree.read(from: fixture.url("Workspace")).paths == ["mine.swift"])
    }

    @Test("With force, what the folder held is moved to a backup beside it before the step is written")
    func forceKeepsABackup() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Workspace/mine.swift", "my work")
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.step(named: "1.2")
        let now = Date(timeIntervalSince1970: 1_795_300_000)

        let first = try StepCheckout.write(
            step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: true,
            now: now)
        let second = try StepCheckout.write(
            step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: true,
            now: now)

        #expect(first.backup?.lastPathComponent == "Workspace.backup-20261121-222640")
        #expect(second.backup?.lastPathComponent == "Workspace.backup-20261121-222640-2")
        #expect(try fixture.read("Workspace.backup-20261121-222640/mine.swift") == "my work")
        #expect(try fixture.read("Workspace/\(WorkbookFixture.sourcePath)") == WorkbookFixture.sourceFile)
    }

    @Test("A file where the folder should be is refused")
    func fileInPlaceOfFolderIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Workspace", "a file")
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.step(named: "1.2")

        #expect(throws: StageKitError.self) {
            try StepCheckout.write(
                step: step, of: chapter, workbook: workbook, into: fixture.url("Workspace"), force: true)
        }
        #expect(try fixture.read("Workspace") == "a file")
    }
}
