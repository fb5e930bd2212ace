import Foundation
import WorkbookModel

/// A step as a package of its own: its chapter's library and test target, nothing else, so a
/// deliberate compile error in one chapter never stops another.
package enum StepPackage {
    /// The package manifest every step of `chapter` shares (the same bytes each time, so a warm build
    /// never re-plans).
    /// With `workbookChecks`, a learner's workspace: a second test target in `.workbook/checks` holds
    /// the workbook's own tests for the learner's step, which `workbook check` runs beside theirs.
    package static func manifest(for chapter: Chapter, workbookChecks: Bool = false) -> String {
        let module = SwiftLiteral.string(chapter.module)
        let testModule = SwiftLiteral.string(chapter.testModule)
        let resources =
            chapter.testResources.isEmpty
            ? ""
            : ", resources: [\(chapter.testResources.map { ".copy(\(SwiftLiteral.string($0)))" }.joined(separator: ", "))]"
        let checks =
            workbookChecks
            ? """

                    // The workbook's own tests for your step: 'workbook check' runs them beside yours.
                    .testTarget(
                        name: \(SwiftLiteral.string(checksModule)), dependencies: [\(module)],
                        path: \(SwiftLiteral.string(checksFolder))\(resources)),
            """ : ""
        let settings = chapter.buildsAsAppTarget ? ", swiftSettings: \(Chapter.appTargetSettings)" : ""
        // Only macOS: `workbook check` builds and tests the package with SwiftPM on the machine itself,
        // so Xcode offers no destination the check does not use.
        return """
            // swift-tools-version: 6.2
            // Chapter \(chapter.number) of the workbook: one step, as a package of its own.
            import PackageDescription

            let package = Package(
                name: \(module),
                platforms: [.macOS(.v15)],
                products: [.library(name: \(module), targets: [\(module)])],
                targets: [
                    .target(name: \(module)\(settings)),
                    .testTarget(name: \(testModule), dependencies: [\(module)]\(resources)),\(checks)
                ]
            )

            """
    }

    /// What a checked-out package tells git to leave out.
    package static let gitignore = ".build/\n.swiftpm/\nPackage.resolved\n"

    /// The test module, and its folder, of the workbook's own tests in a learner's workspace.
    package static let checksModule = "WorkbookChecks"
    package static let checksFolder = ".workbook/checks"

    /// The whole package of a step: the manifest and the chapter's files after that step.
    package static func files(for chapter: Chapter, tree: FileTree, workbookChecks: Bool = false) -> FileTree
    {
        var package = tree
        package.files["Package.swift"] = Data(manifest(for: chapter, workbookChecks: workbookChecks).utf8)
        return package
    }
}

extension TestResult {
    /// Whether it is one of the workbook's own tests for a step, run beside a learner's in the checks
    /// module.
    package var isWorkbooksCopy: Bool { id.hasPrefix(StepPackage.checksModule + ".") }
}
