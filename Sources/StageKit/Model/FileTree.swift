import Foundation

/// The files of a package, by path relative to its root ("Sources/Module/File.swift").
public struct FileTree: Equatable, Sendable {
    public var files: [String: Data]

    public init(_ files: [String: Data] = [:]) {
        self.files = files
    }

    public var paths: [String] { files.keys.sorted() }

    /// This tree with `other`'s files written over it.
    public func overlaid(with other: FileTree) -> FileTree {
        FileTree(files.merging(other.files) { _, new in new })
    }

    /// Reads every regular file below `folder`, skipping hidden files and folders.
    public static func read(from folder: URL, under prefix: String = "") throws(StageKitError) -> FileTree {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return FileTree()
        }
        guard
            let enumerator = fileManager.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw .unreadable(path: folder.path) }
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        for case let url as URL in enumerator {
            let isRegular = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            guard isRegular else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(base + "/") else { continue }
            let relative = String(full.dropFirst(base.count + 1))
            guard let data = fileManager.contents(atPath: full) else { throw .unreadable(path: full) }
            files[prefix + relative] = data
        }
        return FileTree(files)
    }

    /// Renames a module: paths under `Sources/Old/` and `Tests/OldTests/` move to the new names, and the
    /// identifiers `Old` and `OldTests` in text files become the new ones (whole identifiers only).
    public func renamingModule(_ old: String, to new: String) -> FileTree {
        let renames = [(old + "Tests", new + "Tests"), (old, new)]
        var result: [String: Data] = [:]
        for (path, data) in files {
            var components = path.split(separator: "/").map(String.init)
            if components.count > 1 {
                for (from, to) in renames where components[1] == from {
                    components[1] = to
                    break
                }
            }
            var content = data
            if var text = String(data: data, encoding: .utf8) {
                for (from, to) in renames {
                    text = text.replacingIdentifier(from, with: to)
                }
                content = Data(text.utf8)
            }
            result[components.joined(separator: "/")] = content
        }
        return FileTree(result)
    }

    /// What differs between this tree and `other`, by path.
    public func differences(from other: FileTree) -> (
        onlyHere: [String], onlyThere: [String], changed: [String]
    ) {
        let here = Set(files.keys)
        let there = Set(other.files.keys)
        let changed = here.intersection(there).filter { files[$0] != other.files[$0] }
        return (here.subtracting(there).sorted(), there.subtracting(here).sorted(), changed.sorted())
    }
}

extension String {
    /// Replaces `identifier` where it stands as a whole identifier, not as part of a longer one.
    func replacingIdentifier(_ identifier: String, with replacement: String) -> String {
        func isIdentifierCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: identifier) {
            let before =
                range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            if isIdentifierCharacter(before) || isIdentifierCharacter(after) {
                result += rest[range]
            } else {
                result += replacement
            }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
