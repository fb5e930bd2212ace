import Foundation
import WorkbookModel

/// Builds and tests a package, and says what it showed: a step's package, which the walk hands it as
/// files, or a folder as it is (a learner's workspace). `SwiftPMStepRunner` is the one that runs
/// SwiftPM; the tests give their own, scripted.
package protocol StepRunner: Sendable {
    /// Writes a step's package into a scratch folder of its chapter, then builds and tests it.
    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome
    /// What `run` does, from a clean build of the chapter's package: its incremental build state can
    /// be stale after many quick rebuilds of changes taken back and put back (seen: a step run as it
    /// was tested as one of its changes taken back), and a clean build settles it.
    func runClean(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome
    /// Builds and tests the package in `folder` as it is.
    func check(_ folder: URL, module: String, stepID: String) throws(StageKitError) -> Outcome
    /// Builds the package and its tests, so that the next check costs only what changes after it.
    /// Returns nil once built, or, when it ran past its limit and was stopped, what it was doing.
    func warm(_ folder: URL) throws(StageKitError) -> String?
    /// Where SwiftPM puts what it builds of the package in `folder`, as this runner builds it.
    func layout(of folder: URL) throws(StageKitError) -> BuildLayout
}
