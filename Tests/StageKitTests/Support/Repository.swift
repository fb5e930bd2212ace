import ChildProcesses
import ExecutableTesting
import Foundation
import Testing

@testable import StepRunning

/// The workbook's own folder: three levels above this file's folder.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let stagesExecutable = BuiltExecutable.named("stages")

let workbookExecutable = BuiltExecutable.named("workbook")

let swiftCommand = try? SwiftToolchain.locate()

/// This process's environment, with `swift` building as this test binary was built: under SwiftPM's
/// Swift Build (`swift test --build-system swiftbuild`, where the tools were built in Swift Build's
/// products folder), Tests/SwiftBuildToolchain first on PATH, so that a tool asking SwiftPM where it
/// builds the workbook is answered by the build system that built it, as a learner's always is.
func environmentOfThisBuild() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    guard let tool = workbookExecutable,
        BuildLayout(products: tool.deletingLastPathComponent()).buildSystem == .swiftBuild
    else { return environment }
    let standIn = repositoryRoot.appendingPathComponent("Tests/SwiftBuildToolchain").path
    environment["PATH"] = standIn + (environment["PATH"].map { ":" + $0 } ?? "")
    return environment
}

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
