import Testing

@testable import WorkbookText

@Suite("LineDiff", .offThePool)
struct LineDiffTests {
    static let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"

    @Test("A change far from another is its own hunk, with three lines of context and git's header")
    func distantChangesAreSeparateHunks() {
        let new = Self.old.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 18\n", with: "line 18\nline 18½\n")

        #expect(
            LineDiff.hunks(old: Self.old, new: new) == [
                "@@ -1,5 +1,5 @@", " line 1", "-line 2", "+line two", " line 3", " line 4", " line 5",
                "@@ -16,5 +16,6 @@", " line 16", " line 17", " line 18", "+line 18½", " line 19", " line 20",
            ])
    }

    @Test("Changes whose contexts meet are one hunk")
    func nearChangesShareAHunk() {
        let new = Self.old.replacingOccurrences(of: "line 5\n", with: "")
            .replacingOccurrences(of: "line 11\n", with: "line eleven\n")

        let hunks = LineDiff.hunks(old: Self.old, new: new)

        #expect(hunks.filter { $0.hasPrefix("@@") } == ["@@ -2,13 +2,12 @@"])
    }

    @Test("A new file is all added lines, and equal texts have no hunk")
    func newFilesAndEqualTexts() {
        #expect(LineDiff.hunks(old: "", new: "a\nb\n") == ["@@ -0,0 +1,2 @@", "+a", "+b"])
        #expect(LineDiff.hunks(old: Self.old, new: Self.old).isEmpty)
        #expect(
            LineDiff.unified(old: "", new: "a\n", path: "A.swift").hasPrefix("--- /dev/null\n+++ b/A.swift"))
    }
}
