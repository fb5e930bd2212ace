import Foundation
import WorkbookModel

/// What the split reads and writes in the texts: which files it rewrites, the Package.swift line it
/// adds, what it leaves to the author, and the new module's name.
extension ChapterSplit {
    /// Every file whose text may name a chapter, a step, a milestone or a module: the chapters, the
    /// chapters' code and tests, the top-level pages and scripts, and any other code that names a
    /// chapter's module (a demo). Paths as they are before the cut.
    func textFiles() throws(StageKitError) -> [String] {
        let modules = workbook.chapters.flatMap { [$0.module, $0.testModule] }
        var paths = ["Package.swift", "README.md", "FACILITATOR.md", ".ci/run"].filter {
            fileManager.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        for top in [Chapter.folder, "Sources", "Tests", "Scripts"] {
            let tree = try FileTree.read(from: root.appendingPathComponent(top), under: top + "/")
            paths += tree.paths.filter { path in
                guard !path.hasPrefix("Sources/StageKit/"), !path.hasPrefix("Tests/StageKitTests/") else {
                    return false  // the tools' own code and tests are no text of the workbook
                }
                guard Self.isText(path) else { return false }
                let isChapterFolder =
                    path.split(separator: "/").dropFirst().first.map {
                        workbook.chapters.map(\.folderName).contains(String($0))
                    } ?? false
                return (top == Chapter.folder && isChapterFolder)
                    || modules.contains {
                        tree.files[path].flatMap { String(data: $0, encoding: .utf8) }?.contains($0) == true
                    }
            }
        }
        return paths
    }

    /// Package.swift lists the new chapter's module after the cut one's: the rewrite made the cut
    /// chapter's entry the new module's, so the cut one's goes back in before it.
    static func listingBoth(_ numbering: SplitNumbering, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("(\"\(numbering.newModule)\",") }) else {
            return text
        }
        lines.insert(
            lines[index].replacingOccurrences(of: numbering.newModule, with: numbering.cutModule), at: index)
        return lines.joined(separator: "\n")
    }

    /// Lines that still name a step of the cut chapter past the cut ("5.30" with no "step" before it).
    static func oldMentions(in text: String, _ numbering: SplitNumbering) -> [String] {
        text.components(separatedBy: "\n").filter { line in
            var found = false
            _ = SplitNumbering.replacing(#"(?<![\w.])(\d+)\.(\d+)\b"#, in: line) { groups, whole in
                if groups.count == 2, groups[0] == numbering.chapter, groups[1] > numbering.step {
                    found = true
                }
                return whole
            }
            return found
        }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether a file is one the split rewrites: writing, code and scripts, not a picture made from
    /// its source (`stack.svg`) or a payload (`.json`).
    static func isText(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return true }
        return ["md", "swift", "dot", "sh", "py", "yml"].contains(String(name[name.index(after: dot)...]))
    }

    /// "Real answers and screens" → "RealAnswersAndScreens".
    static func typeName(_ title: String) -> String {
        title.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
