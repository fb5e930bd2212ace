import ChildProcesses
import ExecutableTesting
import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

/// The workbook's own folder: three levels above this file's folder.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let stagesExecutable = BuiltExecutable.named("stages")

let workbookExecutable = BuiltExecutable.named("workbook")

let swiftCommand = try? SwiftToolchain.locate()

/// A temporary workbook holding chapter 1 as the repository has it.
func copyOfChapterOne() throws -> URL {
    let copy = TemporaryFolder.uniqueName("chapter1-")
    for path in [
        "Package.swift", "Chapters/01-skeleton-resource", "Sources/Chapter01SkeletonResource",
        "Tests/Chapter01SkeletonResourceTests",
    ] {
        let target = copy.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(path), to: target)
    }
    return copy
}

extension Tag {
    /// Tests that build and run packages with the real `swift`, or run the built tools: minutes, not
    /// seconds (`swift test --skip-tags toolchain`, on a toolchain whose Swift Testing takes it, leaves them out).
    @Tag static var toolchain: Self
}
