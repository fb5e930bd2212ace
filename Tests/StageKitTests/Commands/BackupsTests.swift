import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

@Suite("Backups", .offThePool)
struct BackupsTests {
    @Test("A backup's name carries its time in UTC, which reads back as the same second")
    func stampReadsBack() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

        #expect(Backups.stamp(date) == "20270115-080000")
        #expect(Backups.date(fromStamp: "20270115-080000") == date)
    }

    @Test(
        "A name that is not a time reads as none",
        arguments: [
            "", "2027011-080000", "20270115_080000", "20271315-080000", "20270115-08000x", "٢٠٢٧٠١١٥-080000",
        ])
    func otherNamesAreNoTime(stamp: String) {
        #expect(Backups.date(fromStamp: stamp) == nil)
    }
}

@Suite("Backups, when a copy fails part-way")
struct BackupsFailingTests {
    /// A workspace with work in it, beside nothing else, in a fixture.
    func makeWorkspace() throws -> (fixture: WorkbookFixture, workspace: URL) {
        let fixture = try WorkbookFixture()
        try fixture.write("Work/Workspace/Package.swift", "// swift-tools-version: 6.2\n")
        try fixture.write("Work/Workspace/Sources/Demo/Greeter.swift", "struct Greeter {}\n")
        try fixture.write("Work/Workspace/Sources/Demo/Other.swift", "struct Other {}\n")
        try fixture.write("Work/Workspace/.workbook/progress.json", "{}\n")
        return (fixture, fixture.url("Work/Workspace"))
    }

    @Test(
        "A copy that fails part-way (a full disk) leaves no backup: none listed, nothing left beside the work"
    )
    func aFailedCopyIsNoBackup() throws {
        let (fixture, workspace) = try makeWorkspace()
        defer { fixture.delete() }
        var copied = 0
        let full = Backups(workspace: workspace) { from, to in
            copied += 1
            guard copied < 3 else {
                // What a full disk leaves: the file made, none of its bytes written.
                _ = FileManager.default.createFile(atPath: to.path, contents: Data())
                throw POSIXError(.ENOSPC)
            }
            try FileManager.default.copyItem(at: from, to: to)
        }

        #expect(throws: StageKitError.self) { try full.make(now: Date(timeIntervalSince1970: 1_800_000_000)) }

        #expect(Backups(workspace: workspace).list().isEmpty)
        let beside = try FileManager.default.contentsOfDirectory(atPath: fixture.url("Work").path)
        #expect(beside == ["Workspace"], "\(beside)")
    }

    @Test("A copy that holds every file is put in place under its name, and listed")
    func aVerifiedCopyIsABackup() throws {
        let (fixture, workspace) = try makeWorkspace()
        defer { fixture.delete() }

        let made = try Backups(workspace: workspace).make(now: Date(timeIntervalSince1970: 1_800_000_000))

        #expect(made.lastPathComponent == "Workspace.backup-20270115-080000")
        #expect(
            Backups(workspace: workspace).list().map(\.folder.lastPathComponent) == [made.lastPathComponent])
        #expect(
            FileManager.default.contents(
                atPath: made.appendingPathComponent("Sources/Demo/Greeter.swift").path)
                == Data("struct Greeter {}\n".utf8))
        let beside = try FileManager.default.contentsOfDirectory(atPath: fixture.url("Work").path).sorted()
        #expect(beside == ["Workspace", "Workspace.backup-20270115-080000"], "\(beside)")
    }
}
