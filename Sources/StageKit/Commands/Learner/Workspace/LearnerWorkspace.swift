import Foundation
import StepRunning
import WorkbookModel

/// The learner's package folder and what the tool keeps in it (`.workbook/`): their progress, the
/// workbook's own tests for their step, and the files guided mode had to replace.
struct LearnerWorkspace {
    let folder: URL
    let workbook: Workbook

    /// Whether a path in the folder is not worth keeping: build products, what Finder, Xcode and other
    /// editors leave behind, the tool's lock, and the link to a workshop room (which stays as it is). They never make a workspace "hold work", backups leave
    /// them out, and a restore leaves them in place.
    static func isDisposable(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        let first = parts.first ?? path
        return [".build", ".swiftpm", ".vscode", ".idea", "Package.resolved"].contains(first)
            || first.hasSuffix(".xcodeproj") || first.hasSuffix(".xcworkspace")
            || parts.contains { $0 == ".DS_Store" || $0 == "xcuserdata" }
            || path == ".workbook/lock" || path == RoomLink.file
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func progress() throws(StageKitError) -> LearnerProgress? {
        try LearnerProgress.read(in: folder, workbook: workbook)
    }

    func write(_ progress: LearnerProgress) throws(StageKitError) {
        try progress.write(in: folder)
    }

    /// Whether the folder holds anything a learner could lose: their files, or files kept for them.
    func holdsWork() -> Bool { Self.holdsWork(folder) }

    static func holdsWork(_ folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { name in
            // The .gitignore the tool writes, and its progress and checks, are not work to lose.
            if isDisposable(name) || name == ".gitignore" { return false }
            if name == ".workbook" {
                return FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(".workbook/kept").path)
            }
            return true
        }
    }

    /// Makes the folder hold the package as it is before `step` of `chapter` (the start, for 1). Files
    /// that are not in it are removed and the build folder is kept warm: back the work up first.
    func place(_ chapter: Chapter, beforeStep step: Int) throws(StageKitError) {
        let tree: FileTree
        if step > 1, let previous = chapter.step(step - 1) {
            tree = workbook.tree(after: previous, in: chapter)
        } else {
            tree = workbook.startTree(of: chapter)
        }
        // What editors keep beside the package (an Xcode project's user data, say) stays as it is.
        try PackageWriter.sync(
            StepPackage.files(for: chapter, tree: tree, workbookChecks: true), into: folder,
            keeping: Self.isDisposable, removingEmptiedFoldersBut: [chapter.sourcesPath, chapter.testsPath])
        try PackageWriter.write(Data(StepPackage.gitignore.utf8), to: url(".gitignore"))
        for path in [chapter.sourcesPath, chapter.testsPath]
            + chapter.testResources.map({ "\(chapter.testsPath)/\($0)" })
        {
            try? FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
        }
        try syncChecks(for: chapter.step(step), of: chapter)
    }

    /// Writes the workbook's own tests for `step` into the checks target: for a green or refactor step,
    /// its tests as the workbook has them after the step; for a red step, none (the learner's own tests
    /// show the red). Only what changed is written, so a warm build stays warm.
    func syncChecks(for step: Step?, of chapter: Chapter) throws(StageKitError) {
        try syncChecks(for: step, of: chapter, after: step.map { workbook.tree(after: $0, in: chapter) })
    }

    /// The same, given the chapter's package after the step (`after`), which a check replays once.
    func syncChecks(for step: Step?, of chapter: Chapter, after: FileTree?) throws(StageKitError) {
        var checks = FileTree()
        let prefix = chapter.testsPath + "/"
        if let step, let after, Self.runsTheWorkbooksTests(at: step) {
            for (path, data) in after.files where path.hasPrefix(prefix) {
                checks.files[String(path.dropFirst(prefix.count))] = data
            }
        }
        if !checks.files.keys.contains(where: { $0.hasSuffix(".swift") }) {
            checks.files["NoChecksForThisStep.swift"] = Data(
                "// This step is judged by your own tests alone: the workbook adds none of its own.\n".utf8)
        }
        let target = url(StepPackage.checksFolder)
        try PackageWriter.sync(checks, into: target)
        for resource in chapter.testResources {
            try? FileManager.default.createDirectory(
                at: target.appendingPathComponent(resource), withIntermediateDirectories: true)
        }
    }

    /// The learner's files that count for a step: everything under `Sources/` and `Tests/`.
    func learnerFiles() throws(StageKitError) -> FileTree {
        try FileTree.read(from: url("Sources"), under: "Sources/")
            .overlaid(with: try FileTree.read(from: url("Tests"), under: "Tests/"))
    }

    /// Whether a check runs the workbook's own tests for `step` beside the learner's. A red is judged on
    /// the learner's own tests; one that fails a test is also checked against the workbook's own copy
    /// of its tests, which must fail the same tests against the learner's code.
    static func runsTheWorkbooksTests(at step: Step) -> Bool {
        switch step.kind {
        case .red: step.expectation.isTestFailure
        case .green, .refactor, .test: true
        }
    }

    /// A short digest of the learner's files, to tell whether they changed since a check.
    func fingerprint() throws(StageKitError) -> String {
        Self.fingerprint(of: try learnerFiles())
    }

    /// A short digest of these learner's files.
    static func fingerprint(of files: FileTree) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for path in files.paths {
            for byte in Array(path.utf8) + [0] + Array(files.files[path] ?? Data()) + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
