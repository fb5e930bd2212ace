import Foundation
import WorkbookModel

/// The folders a tool may write a package over, after keeping a copy of what they hold: never the
/// workbook itself nor a folder above it, and never a git repository.
package enum ReplaceableFolder {
    package static func check(_ folder: URL, workbookRoot: URL) throws(StageKitError) {
        if holdsWorkbook(folder, workbookRoot: workbookRoot)
            || FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
        {
            throw .unexpectedFile(
                path: folder.path,
                why:
                    "it holds the workbook itself or a git repository, and a step is never written over one:"
                    + " name a folder of its own, like Workspace-reference")
        }
    }

    /// Whether `folder` is the workbook's folder or one above it (`/` included), links resolved.
    package static func holdsWorkbook(_ folder: URL, workbookRoot: URL) -> Bool {
        let target = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let root = workbookRoot.standardizedFileURL.resolvingSymlinksInPath().path
        return (root + "/").hasPrefix(target.hasSuffix("/") ? target : target + "/")
    }
}
