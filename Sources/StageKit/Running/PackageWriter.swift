import Foundation
import WorkbookModel

/// Writes a package's files into a folder, touching only what differs.
package enum PackageWriter {
    /// Makes `folder` hold exactly `tree` (besides hidden folders such as `.build`, and the paths
    /// `keeping` says to leave): writes the files whose content differs and removes the others, so
    /// unchanged files keep their dates.
    package static func sync(
        _ tree: FileTree, into folder: URL, keeping: (String) -> Bool = { _ in false },
        removingEmptiedFoldersBut needed: Set<String>? = nil
    )
        throws(StageKitError)
    {
        let existing = try FileTree.read(from: folder)
        let fileManager = FileManager.default
        for path in existing.paths where tree.files[path] == nil && !keeping(path) {
            do {
                try fileManager.removeItem(at: folder.appendingPathComponent(path))
            } catch {
                throw .writeFailed(
                    path: folder.appendingPathComponent(path).path, reason: error.localizedDescription)
            }
            if let needed { removeEmptyFolders(above: path, in: folder, but: needed) }
        }
        for (path, data) in tree.files where existing.files[path] != data {
            try write(data, to: folder.appendingPathComponent(path))
        }
    }

    /// Removes the folders a removed file leaves empty, from its own up to `folder` (not included), so
    /// that a package whose module was renamed keeps no empty folder of the old name; a folder in
    /// `needed` (a target's, which SwiftPM wants even empty) stays.
    private static func removeEmptyFolders(above path: String, in folder: URL, but needed: Set<String>) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty, !needed.contains(parts.joined(separator: "/")) {
            let url = folder.appendingPathComponent(parts.joined(separator: "/"))
            // rmdir removes a folder only when it is empty: anything still in it keeps it.
            guard rmdir(url.path) == 0 else { return }
            parts = parts.dropLast()
        }
    }

    /// Writes a file whole or not at all: into a temporary file beside it, then renamed over it.
    /// A file written over keeps its permissions (a script stays executable).
    package static func write(_ data: Data, to url: URL) throws(StageKitError) {
        let fileManager = FileManager.default
        let permissions = (try? fileManager.attributesOfItem(atPath: url.path))?[.posixPermissions]
        do {
            try fileManager.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            if let permissions {
                try fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
            }
        } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Moves a file or a folder, making the folder it goes into.
    package static func move(_ source: URL, to destination: URL) throws(StageKitError) {
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: source, to: destination)
        } catch {
            throw .writeFailed(path: destination.path, reason: error.localizedDescription)
        }
    }
}
