import Foundation
import Testing

@testable import ChildProcesses

@Suite("TemporaryFolder")
struct TemporaryFolderTests {
    @Test("is the folder TMPDIR names, when it names one")
    func takesTMPDIR() {
        let root = TemporaryFolder.root(in: ["TMPDIR": "/some/folder/of/its/own"])

        #expect(root.path == "/some/folder/of/its/own")
        #expect(root.hasDirectoryPath)
    }

    @Test(
        "is Foundation's temporary directory when TMPDIR is missing or empty",
        arguments: [[:], ["TMPDIR": ""]])
    func fallsBackToFoundation(environment: [String: String]) {
        #expect(TemporaryFolder.root(in: environment) == FileManager.default.temporaryDirectory)
    }

    @Test("gives a new name in the folder each time")
    func uniqueNames() {
        let first = TemporaryFolder.uniqueName("x-")
        let second = TemporaryFolder.uniqueName("x-")

        #expect(first != second)
        #expect(first.deletingLastPathComponent().path == TemporaryFolder.root.path)
        #expect(first.lastPathComponent.hasPrefix("x-"))
    }
}
