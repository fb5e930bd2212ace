import Foundation

/// SwiftPM re-plans a build when a target's folder changes, but it does not watch the folder of a
/// target that had no source file when it last planned: a test file added there is not compiled, and
/// "Build complete!" says nothing. So the names of the package's files are remembered after each
/// build, and when they differ (a file added, removed or renamed anywhere), the manifest's date is
/// moved on, which makes SwiftPM plan again.
enum BuildPlan {
    static let record = ".build/workbook-files.txt"

    static func replanIfFilesChanged(in folder: URL) throws(StageKitError) {
        let recorded = try? String(contentsOf: folder.appendingPathComponent(record), encoding: .utf8)
        guard let recorded, recorded == listing(of: folder) else {
            try? FileManager.default.setAttributes(
                [.modificationDate: Date()], ofItemAtPath: folder.appendingPathComponent("Package.swift").path
            )
            return
        }
    }

    static func remember(_ folder: URL) throws(StageKitError) {
        try PackageWriter.write(Data(listing(of: folder).utf8), to: folder.appendingPathComponent(record))
    }

    /// Every file's path under the folders SwiftPM reads sources from, one a line.
    static func listing(of folder: URL) -> String {
        var paths: [String] = []
        for top in ["Sources", "Tests", ".workbook/checks"] {
            let base = folder.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let path = walker.nextObject() as? String { paths.append("\(top)/\(path)") }
        }
        return paths.sorted().joined(separator: "\n")
    }
}
