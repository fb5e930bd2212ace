import Foundation
import Testing

@testable import WorkbookCommands

/// No shape of workspace loses work: a link, a git repository, the workbook itself, a backup that is a
/// file or a link.
@Suite("Workspace shapes", .offThePool)
struct WorkspaceShapeTests {
    @Test(
        "start --force on a workspace that is a link keeps a copy of the work it points to, and restore brings it back"
    )
    func linkedWorkspaceIsBackedUp() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        let real = harness.fixture.url("Elsewhere/work")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: harness.workspace, withDestinationURL: real)
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")
        try harness.type("Notes.md", "my notes")

        let forced = harness.run("start", "1", "--force")
        let backup = try #require(Backups(workspace: harness.workspace).list().first)

        #expect(forced == 0)
        #expect(
            try String(
                contentsOf: backup.folder.appendingPathComponent(WorkbookFixture.sourcePath), encoding: .utf8)
                == "my attempt")
        #expect(
            try String(contentsOf: backup.folder.appendingPathComponent("Notes.md"), encoding: .utf8)
                == "my notes")

        let restored = harness.run("restore", "--yes")

        #expect(restored == 0)
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)") == "my attempt")
        #expect(try harness.fixture.read("Workspace/Notes.md") == "my notes")
    }

    @Test("A copy that does not hold every file of the work is refused before anything is replaced")
    func unverifiedCopyIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Work/Sources/A.swift", "a")
        try fixture.write("Work/Tests/B.swift", "b")
        try fixture.write("Copy/Sources/A.swift", "a")

        #expect {
            try Backups.verify(copy: fixture.url("Copy"), of: fixture.url("Work"))
        } throws: { error in
            "\(error)".contains("the copy does not hold Tests as it is in")
        }
    }

    @Test(
        "start --force refuses a git repository, the workbook's own folder and any folder above it, and changes nothing",
        arguments: ["Repo", "."])
    func forceRefusesProtectedFolders(_ name: String) throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        try harness.fixture.write("Repo/.git/HEAD", "ref: refs/heads/main\n")
        try harness.fixture.write("Repo/Mine.swift", "mine")
        let folder = harness.fixture.url(name).standardizedFileURL
        // What a command may leave: its lock, in .workbook/.
        func contents() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".workbook" }
                .sorted()
        }
        let before = try contents()

        let status = harness.run("start", "1", "--force", "--workspace", folder.path)

        #expect(status == 2)
        #expect(
            harness.errors.first.map {
                $0.contains("it holds the workbook itself or a git repository")
                    || $0.contains("the workspace cannot be the workbook's own folder or one above it")
            } == true)
        #expect(try contents() == before)
        #expect(!FileManager.default.fileExists(atPath: harness.fixture.url(".workbook").path))
    }

    @Test("A folder above the workbook is refused as a workspace")
    func folderAboveIsRefused() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        let status = harness.run(
            "status", "--workspace", harness.fixture.root.deletingLastPathComponent().path)

        #expect(status == 2)
        #expect(
            harness.errors.first?.contains(
                "the workspace cannot be the workbook's own folder or one above it") == true)
    }

    @Test(
        "restore takes only a folder the tools made: a file or a link named like a backup is not one",
        arguments: ["file", "link"])
    func restoreRefusesNonFolders(_ shape: String) throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")
        let fake = harness.fixture.url("Workspace.backup-20991231-235959")
        if shape == "file" {
            try harness.fixture.write("Workspace.backup-20991231-235959", "not a folder")
        } else {
            try FileManager.default.createSymbolicLink(
                at: fake, withDestinationURL: harness.fixture.url("Chapters"))
        }

        let status = harness.run("restore", "Workspace.backup-20991231-235959", "--yes")

        #expect(status == 2)
        #expect(try harness.fixture.read("Workspace/\(WorkbookFixture.sourcePath)") == "my attempt")
    }

    @Test(
        "A link inside the work is kept as a link, even one that leads above, and then refused in a sentence")
    func linksInsideTheWorkAreKeptAsLinks() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        try harness.type(WorkbookFixture.sourcePath, "my attempt")
        try FileManager.default.createSymbolicLink(
            at: harness.workspace.appendingPathComponent("Up"), withDestinationURL: harness.fixture.root)

        let forced = harness.run("start", "1", "--force")
        let backup = try #require(Backups(workspace: harness.workspace).list().first)

        #expect(forced == 2)
        #expect(harness.errors.last?.contains("Up does not belong there: it is a symbolic link") == true)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: backup.folder.appendingPathComponent("Up").path)
                == harness.fixture.root.path)
        #expect(
            try String(
                contentsOf: backup.folder.appendingPathComponent(WorkbookFixture.sourcePath), encoding: .utf8)
                == "my attempt")
    }
}
