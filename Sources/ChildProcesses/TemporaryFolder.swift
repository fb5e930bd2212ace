import Foundation

/// Where the workbook's tools and tests make their temporary folders: the folder `TMPDIR` names when it
/// is set and not empty, else Foundation's temporary directory. On Linux the two agree. On macOS,
/// Foundation's comes from `confstr(_CS_DARWIN_USER_TEMP_DIR)` and reads `TMPDIR` only when that fails
/// (swift-foundation `Sources/FoundationEssentials/String/String+Path.swift`), so a caller that points
/// `TMPDIR` at a folder of its own, as `.ci/run` does to see what is left behind, would find nothing
/// there.
package enum TemporaryFolder {
    /// The folder, for this process's environment.
    package static var root: URL { root(in: ProcessInfo.processInfo.environment) }

    /// The folder, for `environment`.
    package static func root(in environment: [String: String]) -> URL {
        guard let named = environment["TMPDIR"], !named.isEmpty else {
            return FileManager.default.temporaryDirectory
        }
        return URL(fileURLWithPath: named, isDirectory: true)
    }

    /// A new name in ``root``, `prefix` followed by a UUID: the caller makes the file or folder.
    package static func uniqueName(_ prefix: String) -> URL {
        root.appendingPathComponent(prefix + UUID().uuidString)
    }
}
