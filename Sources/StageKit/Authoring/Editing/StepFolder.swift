import Foundation
import StepRunning
import WorkbookModel

/// A step's folder on disk, as the authoring commands change it: its `stage.md` header, and the
/// package files it holds.
package struct StepFolder {
    let url: URL

    package init(_ workbook: Workbook, _ chapter: Chapter, folderName: String) {
        url = workbook.root.appendingPathComponent("\(chapter.folderPath)/stages/\(folderName)")
    }

    package var header: URL { url.appendingPathComponent("stage.md") }

    package func text() throws(StageKitError) -> String {
        guard let text = try? String(contentsOf: header, encoding: .utf8) else {
            throw .unreadable(path: header.path)
        }
        return text
    }

    /// Makes the folder hold `changes` as its package files, beside its `stage.md`.
    func writeFiles(_ changes: FileTree) throws(StageKitError) {
        for top in ["Sources", "Tests"] {
            try? FileManager.default.removeItem(at: url.appendingPathComponent(top))
        }
        for (path, data) in changes.files {
            try PackageWriter.write(data, to: url.appendingPathComponent(path))
        }
    }

    /// Makes the step write `changes` and delete `deletions`: its files, and its `delete:` lines.
    package func write(_ changes: FileTree, deleting deletions: [String]) throws(StageKitError) {
        try writeFiles(changes)
        let text = Self.replacing(
            ["delete"], with: deletions.sorted().map { "delete: \($0)" }, in: try text())
        try PackageWriter.write(Data(text.utf8), to: header)
    }

    /// The files of `chapter`'s module and tests in a package folder (one Scripts/checkout-stage wrote,
    /// say); a folder without the module's sources is refused, as read it would say every file went.
    package static func packageFiles(of chapter: Chapter, in folder: URL) throws(StageKitError) -> FileTree {
        let sources = folder.appendingPathComponent(chapter.sourcesPath)
        guard FileManager.default.fileExists(atPath: sources.path) else {
            throw .missingFile(
                path: sources.path,
                why:
                    "--from names a package of chapter \(chapter.number), like one Scripts/checkout-stage wrote"
            )
        }
        return try FileTree.read(from: sources, under: chapter.sourcesPath + "/").overlaid(
            with: try FileTree.read(
                from: folder.appendingPathComponent(chapter.testsPath), under: chapter.testsPath + "/"))
    }

    /// The text with its header's lines for `keys` replaced by `lines` (put where the first of them
    /// was, or at the header's end).
    static func replacing(_ keys: Set<String>, with lines: [String], in text: String) -> String {
        let named = { (line: String) in FrontMatter.keyAndValue(line).map { keys.contains($0.key) } ?? false }
        return FrontMatter.editingHeader(of: text) { header in
            let first = header.firstIndex(where: named) ?? header.count
            header = header[..<first].filter { !named($0) } + lines + header[first...].filter { !named($0) }
        } ?? text
    }

    /// "Read a feed of one app" → "read-a-feed-of-one-app", for a folder's name.
    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return String(slug.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }
}

extension Workbook {
    /// Writes each chapter's final code into the package's `Sources/` and `Tests/`, as the chain
    /// requires, after an authoring command changed the steps.
    package func syncFinalCode() throws(StageKitError) {
        for chapter in chapters {
            let final = finalTree(of: chapter)
            for top in [chapter.sourcesPath, chapter.testsPath] {
                let part = FileTree(
                    Dictionary(
                        uniqueKeysWithValues: final.files.filter { $0.key.hasPrefix(top + "/") }.map {
                            (String($0.key.dropFirst(top.count + 1)), $0.value)
                        }))
                try PackageWriter.sync(part, into: root.appendingPathComponent(top))
            }
        }
    }
}
