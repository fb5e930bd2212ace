import Foundation
import WorkbookModel

/// SwiftPM re-plans a build when a target's folder changes, but it does not watch the folder of a
/// target that had no source file when it last planned: a test file added there is not compiled, and
/// "Build complete!" says nothing. So the names of the package's files are remembered at each
/// build, and when they differ (a file added, removed or renamed anywhere), the manifest's date is
/// moved on, which makes SwiftPM plan again.
enum PackageFileList {
    static let record = ".build/workbook-files.txt"

    /// Moves the manifest's date on when the files differ from those of the last build, and returns
    /// the listing taken now, before the build, for `remember`: a file saved during the build is then
    /// still new to the next one.
    static func replanIfFilesChanged(in folder: URL) -> String {
        let now = listing(of: folder)
        let recorded = try? String(contentsOf: folder.appendingPathComponent(record), encoding: .utf8)
        if recorded != now {
            try? FileManager.default.setAttributes(
                [.modificationDate: Date()], ofItemAtPath: folder.appendingPathComponent("Package.swift").path
            )
        }
        return now
    }

    static func remember(_ listing: String, in folder: URL) throws(StageKitError) {
        try PackageWriter.write(Data(listing.utf8), to: folder.appendingPathComponent(record))
    }

    /// Whether a listing holds a Swift file of a test target.
    static func hasTestSources(_ listing: String) -> Bool {
        listing.split(separator: "\n").contains {
            ($0.hasPrefix("Tests/") || $0.hasPrefix(".workbook/checks/")) && $0.hasSuffix(".swift")
        }
    }

    /// The test targets a listing holds a Swift file of, by name: each folder of `Tests/`, and the
    /// workbook's own checks.
    static func testTargets(_ listing: String) -> [String] {
        var targets: Set<String> = []
        for line in listing.split(separator: "\n") where line.hasSuffix(".swift") {
            let parts = line.split(separator: "/")
            if line.hasPrefix("Tests/"), parts.count >= 3 {
                targets.insert(String(parts[1]))
            } else if line.hasPrefix(StepPackage.checksFolder + "/") {
                targets.insert(StepPackage.checksModule)
            }
        }
        return targets.sorted()
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
