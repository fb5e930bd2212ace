import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a package, by path relative to its root ("Sources/Module/File.swift").
package struct FileTree: Equatable, Sendable {
    package var files: [String: Data]

    package init(_ files: [String: Data] = [:]) {
        self.files = files
    }

    package var paths: [String] { files.keys.sorted() }

    /// This tree with `other`'s files written over it.
    package func overlaid(with other: FileTree) -> FileTree {
        FileTree(files.merging(other.files) { _, new in new })
    }

    /// Reads every regular file below `folder`, skipping hidden files and folders. A symbolic link is
    /// refused: SwiftPM would build the file it points to, which no check of the workbook would see.
    /// It walks the folders with `readdir`, whose entries say their own type: the workbook reads a few
    /// hundred files on every command, and asking Foundation about each one cost half of its start-up.
    package static func read(from folder: URL, under prefix: String = "") throws(StageKitError) -> FileTree {
        var files: [String: Data] = [:]
        try readFolder(folder.standardizedFileURL.path, relative: "", prefix: prefix, into: &files)
        return FileTree(files)
    }

    private static func readFolder(
        _ path: String, relative: String, prefix: String, into files: inout [String: Data]
    ) throws(StageKitError) {
        guard let directory = opendir(path) else {
            if errno == ENOENT || errno == ENOTDIR { return }
            throw .unreadable(path: path)
        }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            var kind = entry.pointee.d_type
            if kind == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard lstat(path + "/" + name, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: kind = UInt8(DT_DIR)
                case S_IFREG: kind = UInt8(DT_REG)
                case S_IFLNK: kind = UInt8(DT_LNK)
                default: continue  // a pipe, a socket or a device is no file of a package
                }
            }
            if kind == UInt8(DT_LNK) {
                throw .unexpectedFile(
                    path: path + "/" + name,
                    why:
                        "it is a symbolic link, and the workbook keeps real files only, so that what is built is what is checked"
                )
            }
            if kind == UInt8(DT_DIR) || kind == UInt8(DT_REG) {
                entries.append((name, kind == UInt8(DT_DIR)))
            }
        }
        for entry in entries {
            let full = path + "/" + entry.name
            let inside = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isFolder {
                try readFolder(full, relative: inside, prefix: prefix, into: &files)
            } else {
                guard let data = FileManager.default.contents(atPath: full) else {
                    throw .unreadable(path: full)
                }
                files[prefix + inside] = data
            }
        }
    }

    /// Renames a module: paths under `Sources/Old/` and `Tests/OldTests/` move to the new names, and the
    /// identifiers `Old` and `OldTests` in text files become the new ones (whole identifiers only).
    package func renamingModule(_ old: String, to new: String) -> FileTree {
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
    package func differences(from other: FileTree) -> (
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
    package func replacingIdentifier(_ identifier: String, with replacement: String) -> String {
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
