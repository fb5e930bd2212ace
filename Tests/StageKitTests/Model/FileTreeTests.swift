import ChildProcesses
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

@Suite("FileTree", .offThePool)
struct FileTreeTests {
    @Test("Renaming a module moves its folders and renames whole identifiers only")
    func renamingModuleMovesFoldersAndIdentifiers() {
        let tree = FileTree([
            "Sources/Chapter01A/A.swift": Data("// Chapter01A, not Chapter01AB\n".utf8),
            "Tests/Chapter01ATests/ATests.swift": Data(
                "import Chapter01A\n@testable import Chapter01ATests\n".utf8),
        ])

        let renamed = tree.renamingModule("Chapter01A", to: "Chapter02B")

        #expect(
            renamed
                == FileTree([
                    "Sources/Chapter02B/A.swift": Data("// Chapter02B, not Chapter01AB\n".utf8),
                    "Tests/Chapter02BTests/ATests.swift": Data(
                        "import Chapter02B\n@testable import Chapter02BTests\n".utf8),
                ]))
    }

    @Test(
        "Whole identifiers are replaced where they stand alone",
        arguments: [
            ("import M", "import N"), ("M.x", "N.x"), ("MM", "MM"), ("aM", "aM"), ("M_", "M_"),
            ("(M)", "(N)"),
            ("M M", "N N"),
        ])
    func identifierReplacement(text: String, expected: String) {
        #expect(text.replacingIdentifier("M", with: "N") == expected)
    }

    @Test("Reading a folder takes its files at every depth, under a prefix, and leaves out hidden ones")
    func readingTakesNestedFilesAndSkipsHiddenOnes() throws {
        let folder = TemporaryFolder.uniqueName("filetree-")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["A.swift": "a", "Deep/er/B.swift": "b", ".hidden": "h", ".build/C.swift": "c"]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        let tree = try FileTree.read(from: folder, under: "Sources/")

        #expect(
            tree == FileTree(["Sources/A.swift": Data("a".utf8), "Sources/Deep/er/B.swift": Data("b".utf8)]))
        #expect(try FileTree.read(from: folder.appendingPathComponent("absent")) == FileTree())
    }

    @Test("Differences list what only one side has and what changed")
    func differencesListEachKind() {
        let here = FileTree(["a": Data("1".utf8), "b": Data("2".utf8)])
        let there = FileTree(["b": Data("3".utf8), "c": Data("4".utf8)])

        let differences = here.differences(from: there)

        #expect(differences.onlyHere == ["a"])
        #expect(differences.onlyThere == ["c"])
        #expect(differences.changed == ["b"])
    }

    @Test(
        "A learner's sync that takes a module's last files away leaves no empty folder of it, and keeps others"
    )
    func syncRemovesTheFoldersItEmpties() throws {
        let folder = TemporaryFolder.uniqueName("sync-")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PackageWriter.sync(
            FileTree([
                "Sources/Old/A.swift": Data("a".utf8), "Tests/OldTests/Helpers/B.swift": Data("b".utf8),
                "Tests/OldTests/C.swift": Data("c".utf8), "Tests/NewTests/D.swift": Data("d".utf8),
            ]), into: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Learner/Notes"), withIntermediateDirectories: true)

        try PackageWriter.sync(
            FileTree(["Sources/New/A.swift": Data("a".utf8), "Tests/OldTests/C.swift": Data("c".utf8)]),
            into: folder, removingEmptiedFoldersBut: ["Tests/NewTests"])

        let exists = { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        #expect(!exists("Sources/Old"))
        #expect(!exists("Tests/OldTests/Helpers"))
        #expect(exists("Tests/OldTests/C.swift"))
        #expect(exists("Learner/Notes"), "a folder the sync never wrote is not its to remove")
        #expect(exists("Tests/NewTests"), "a target's folder stays, empty, for SwiftPM")
    }
}
