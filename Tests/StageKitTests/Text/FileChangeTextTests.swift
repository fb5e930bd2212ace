import Foundation
import Testing

@testable import WorkbookModel
@testable import WorkbookText

@Suite("How the chapter text shows a step's files", .offThePool)
struct FileChangeTextTests {
    static let path = "Sources/M/A.swift"
    static let old = (1...12).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n"

    @Test("A changed file is its changed lines with context, and a link to the whole file")
    func changedFileIsADiffWithALink() {
        let new = Self.old.replacingOccurrences(of: "let line6 = 6", with: "let line6 = 60")

        let lines = FileChangeText.lines(
            path: Self.path, before: FileTree([Self.path: Data(Self.old.utf8)]),
            after: FileTree([Self.path: Data(new.utf8)]), folder: "stages/02-x")

        #expect(lines.first == "`Sources/M/A.swift` ([whole file](stages/02-x/Sources/M/A.swift)):")
        #expect(lines.contains("-let line6 = 6") && lines.contains("+let line6 = 60"))
        #expect(!lines.contains(" let line1 = 1"), "only a few lines around the change are shown")
    }

    @Test("A new file is shown whole; data is a link with its length, never inlined")
    func newFilesWholeAndDataLinked() {
        let feed = "Tests/MTests/Fixtures/feed.json"
        let after = FileTree([Self.path: Data(Self.old.utf8), feed: Data("{\n}\n".utf8)])

        let source = FileChangeText.lines(path: Self.path, before: FileTree(), after: after, folder: "s")
        let data = FileChangeText.lines(path: feed, before: FileTree(), after: after, folder: "s")

        #expect(source.first == "`Sources/M/A.swift`, a new file:")
        #expect(source.contains(String(Self.old.dropLast())))
        #expect(data == ["`\(feed)`: data to copy, not type ([the file](s/\(feed)), 2 lines).", ""])
    }
}
