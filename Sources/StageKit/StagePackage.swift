import Foundation

/// A stage as a package of its own: its chapter's library and test target, nothing else, so a
/// deliberate compile error in one chapter never stops another.
public enum StagePackage {
    /// The package manifest every stage of `chapter` shares (the same bytes each time, so a warm build
    /// never re-plans).
    public static func manifest(for chapter: Chapter) -> String {
        let resources =
            chapter.testResources.isEmpty
            ? ""
            : ", resources: [\(chapter.testResources.map { ".copy(\"\($0)\")" }.joined(separator: ", "))]"
        return """
            // swift-tools-version: 6.0
            // Chapter \(chapter.number), \(chapter.title): one stage of the workbook, as a package of its own.
            import PackageDescription

            let package = Package(
                name: "\(chapter.module)",
                platforms: [.macOS(.v15), .iOS(.v18)],
                products: [.library(name: "\(chapter.module)", targets: ["\(chapter.module)"])],
                targets: [
                    .target(name: "\(chapter.module)"),
                    .testTarget(name: "\(chapter.testModule)", dependencies: ["\(chapter.module)"]\(resources)),
                ]
            )

            """
    }

    /// The whole package of a stage: the manifest and the chapter's files after that stage.
    public static func files(for chapter: Chapter, tree: FileTree) -> FileTree {
        var package = tree
        package.files["Package.swift"] = Data(manifest(for: chapter).utf8)
        return package
    }
}
