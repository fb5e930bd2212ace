import Foundation
import Testing

@testable import ChildProcesses

@Suite("GuardedFolder")
struct GuardedFolderTests {
    @Test("is made, and removed when its process is done with it")
    func removedWhenDone() throws {
        let folder = try GuardedFolder(TemporaryFolder.uniqueName("guarded-"))
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("file"))

        folder.remove()

        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
    }

    @Test("is removed by its guardian when its process ends first: the guardian's pipe closes with no word")
    func removedWhenTheProcessEnds() throws {
        let folder = try GuardedFolder(TemporaryFolder.uniqueName("guarded-"), settle: [])
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("a/b/file"))

        folder.abandon()

        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
    }

    @Test("refuses a folder that is there already, and leaves it as it was")
    func refusesAFolderItDidNotMake() throws {
        let url = TemporaryFolder.uniqueName("guarded-")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("keep".utf8).write(to: url.appendingPathComponent("file"))

        #expect(throws: ChildProcessError.self) { try GuardedFolder(url) }

        #expect(
            FileManager.default.contents(atPath: url.appendingPathComponent("file").path) == Data("keep".utf8)
        )
    }
}
