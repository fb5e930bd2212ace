import Foundation

/// One chapter: a library module, its tests, and the ordered steps that build them.
package struct Chapter: Equatable, Sendable {
    package var number: Int
    package var slug: String
    package var title: String
    /// The library's module name; the tests are `<module>Tests`.
    package var module: String
    /// Folders of the test target that SwiftPM copies as resources ("Fixtures").
    package var testResources: [String]
    /// The number of the chapter whose last step this one starts from, if any.
    package var continues: Int?
    /// The name of the track the chapter belongs to ("Dogs"): the chapters of a track build one app.
    package var track: String?
    package var intro: String
    /// What the chapter built, the ideas it used and where the next one goes, from `recap.md`.
    package var recap: String?
    /// Its key points, questions and challenge, from `ending.md`.
    package var ending: ChapterEnding?
    /// The picture of its track's stack (what calls what, where each double plugs in), `stack.svg`,
    /// which the first chapter of a track keeps and Scripts/render-diagrams makes from `stack.dot`.
    package var stackDiagram: Data?
    /// The files the chapter starts with, before its first step (on top of what it continues).
    package var start: FileTree
    package var steps: [Step]
    /// Whether it goes beyond the source tutorial's path (`depth: deep dive`): a learner may skip it,
    /// and start the next chapter with `workbook start N`.
    package var isDeepDive = false
    /// Whether its library has a new Xcode 26 app target's isolation settings (`build: app target`):
    /// isolated to the main actor by default, with Xcode's Approachable Concurrency
    /// (`nonisolated(nonsending)` by default, isolated conformances inferred), in the package's Swift 6
    /// language mode, where a new app target has Swift 5. Its tests are built as any other chapter's.
    package var buildsAsAppTarget = false
    /// The Swift settings of an app target's library, as `Package.swift` writes them.
    package static let appTargetSettings =
        "[.defaultIsolation(MainActor.self), .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\"),"
        + " .enableUpcomingFeature(\"InferIsolatedConformances\")]"
    /// Mistakes a learner makes at its steps, which the replay makes to see them refused.
    package var mistakes: [Mistake] = []
    /// Correct code learners write at its green and refactor steps, which the replay writes to see it
    /// accepted there and at the later steps.
    package var alternatives: [Alternative] = []

    package var testModule: String { module + "Tests" }
    /// The chapter's folder name under `Chapters/`: "01-skeleton-resource".
    package var folderName: String { Self.folderName(number: number, slug: slug) }
    /// The chapter's folder, from the workbook's folder: "Chapters/05-async-view-model".
    package var folderPath: String { Self.folderPath(named: folderName) }

    /// The folder that holds the chapters, in the workbook's folder. With the three below, the one
    /// place a chapter's folder and its paths are made.
    package static let folder = "Chapters"

    /// "05-async-view-model".
    package static func folderName(number: Int, slug: String) -> String {
        String(format: "%02d-%@", number, slug)
    }

    /// "Chapters/05-async-view-model", from the folder's name.
    package static func folderPath(named name: String) -> String { "\(folder)/\(name)" }
    /// The chapter's text, which `stages render` makes from its steps, from the workbook's folder.
    package var readmePath: String { "\(folderPath)/README.md" }
    package var sourcesPath: String { "Sources/\(module)" }
    package var testsPath: String { "Tests/\(testModule)" }

    /// Whether `path` names a file of the chapter's package: relative, under `Sources/<module>/` or
    /// `Tests/<module>Tests/`, with no `.`, `..` or empty part. Every path a chapter's files name (a
    /// step's `delete:`, a mistake's `file:`) is checked with it when it is read.
    func ownsPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return (path.hasPrefix(sourcesPath + "/") || path.hasPrefix(testsPath + "/"))
            && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// "core" or "deep dive", as the chapter table and the guide say it.
    package var depthName: String { isDeepDive ? "deep dive" : "core" }

    /// What a learner who may skip a deep dive reads: where to go on instead (`next`, the first core
    /// chapter after it, if any).
    package func deepDiveNote(next: Chapter?) -> String? {
        guard isDeepDive else { return nil }
        let skip =
            next.map {
                "You may skip it: chapter \($0.number) starts with `swift run workbook start \($0.number)`."
            }
            ?? "You may skip it: it is the last chapter."
        return "**A deep dive.** This chapter goes beyond the tutorial's path. " + skip
    }

    package func step(_ number: Int) -> Step? {
        steps.first { $0.number == number }
    }
}
