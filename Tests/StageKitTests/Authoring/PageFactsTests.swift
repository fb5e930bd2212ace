import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

/// What the README and the authors' guide say of the workbook's scripts, folders, packages and budgets
/// is checked by the walk, so that it cannot go stale.
@Suite("Facts the pages state")
struct PageFactsTests {
    @Test("The workbook's pages state its scripts, folders, packages and budgets as they are")
    func theWorkbooksPagesHold() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        #expect(PageFacts.problems(in: workbook) == [])
    }

    @Test("The sentence on the packages is made from the chapters that continue others")
    func packagesSentence() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        #expect(
            PageFacts.packagesSentence(workbook)
                == "chapter 1 starts one that chapters 2 to 4 continue, chapter 5 one that chapter 6 continues,"
                + " chapter 7 one that chapters 8 to 10 continue, and chapter 11 one that chapter 12 continues"
        )
    }

    @Test("A script the README's map leaves out, a StageKit folder listed wrong and a stale budget fail")
    func staleFacts() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Scripts/run-stages", "#!/bin/sh\n")
        try fixture.write("Sources/StageKit/Model/Step.swift", "// a step\n")
        try fixture.write("Sources/StageKit/Running/Run.swift", "// a run\n")
        try fixture.write(
            "README.md",
            "StageKit, the library behind the tools\n(Model, Judging). Each chapter is at most 90 minutes.\n")
        try fixture.write(
            "Chapters/README.md",
            "a chapter has at most 25 steps, 6,000 words and 150 of one learner's minutes")

        let problems = PageFacts.problems(in: try fixture.load()).map(\.problem)

        #expect(
            problems == [
                "it does not say \"Each chapter is at most 150 minutes\", which the chapters do",
                "its map of the folders does not name Scripts/run-stages",
                "its map lists StageKit's folders as (Model, Judging); they are Model, Running",
                "it does not say \"a step's text and hints have at most 250 words, or 400\", the walk's budget",
            ])
    }
}

extension PageFactsTests {
    @Test("Every chapter's copy of the shared URL-loading stub is the same, and a changed copy fails")
    func sharedStub() throws {
        var workbook = try WorkbookLoader.load(root: repositoryRoot)
        #expect(SharedHelpers.problems(in: workbook) == [])

        let seven = try #require(workbook.chapters.firstIndex { $0.number == 7 })
        let last = try #require(workbook.chapters[seven].steps.indices.last)
        let path = workbook.chapters[seven].testsPath + "/Helpers/URLProtocolStub.swift"
        workbook.chapters[seven].steps[last].changes.files[path] = Data("// changed\n".utf8)

        #expect(
            SharedHelpers.problems(in: workbook).map(\.subject) == [
                "chapter 7", "chapter 8", "chapter 9", "chapter 10",
            ])
    }
}

extension PageFactsTests {
    @Test("A page that gives another least Swift than Package.swift's tools version fails")
    func leastSwift() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Package.swift", "// swift-tools-version: 6.2\nimport PackageDescription\n")
        try fixture.write(
            "FACILITATOR.md", "Each learner brings Swift 6.1 or\nlater, or Swift 6.2 or later.\n")

        let problems = PageFacts.problems(in: try fixture.load())

        #expect(
            problems == [
                ChainProblem(
                    subject: "FACILITATOR.md",
                    problem: "it says Swift 6.1 or later, where Package.swift asks for Swift 6.2 or later")
            ])
    }
}
