import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A text that names a step or a chapter the workbook does not have sends its reader nowhere: the
/// walk's chain check refuses it, in every text a reader reads.
@Suite("Step and chapter references", .offThePool)
struct TextReferencesTests {
    /// The problems of the fixture's chain that are about what a text names.
    private func referenceProblems(_ fixture: WorkbookFixture) throws -> [ChainProblem] {
        let workbook = try fixture.load()
        return try Walk.chainProblems(of: workbook.chapters, in: workbook).filter {
            $0.problem.hasPrefix("its text names")
        }
    }

    @Test("A made-up step in a recap fails the chain check, even where a line break splits it")
    func aStepThatDoesNotExistInARecap() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write("Chapters/01-demo/recap.md", "As step 1.34 showed, and as step\n1.9 did.\n")

        let problems = try referenceProblems(fixture)

        #expect(
            problems == [
                ChainProblem(subject: "chapter 1", problem: "its text names step 1.34, which does not exist"),
                ChainProblem(subject: "chapter 1", problem: "its text names step 1.9, which does not exist"),
            ])
    }

    @Test("A step or a chapter that does not exist, named by an ending, the README or the guide, fails")
    func namesOutsideTheSteps() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/ending.md",
            """
            ---
            key-point: Step 1.2 greets.
            question: Which step greets?
            right: Step 1.2.
            wrong: Step 1.5, and step 1.5 again.
            why: Chapter 3 says so.
            ---
            Greet twice.
            """)
        try fixture.write("README.md", "Chapters 1 to 4 greet.\n")
        try fixture.write("FACILITATOR.md", "Stop the room at step 2.1, after `workbook start 1`.\n")

        let problems = try referenceProblems(fixture)

        #expect(
            problems == [
                ChainProblem(subject: "chapter 1", problem: "its text names step 1.5, which does not exist"),
                ChainProblem(subject: "chapter 1", problem: "its text names chapter 3, which does not exist"),
                ChainProblem(subject: "README.md", problem: "its text names chapter 4, which does not exist"),
                ChainProblem(
                    subject: "FACILITATOR.md", problem: "its text names step 2.1, which does not exist"),
            ])
    }

    @Test("Versions, proposals, milestones and numbered lists are not steps or chapters")
    func numbersThatAreNotReferences() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "README.md",
            """
            Swift 6.2 or later, Xcode 26.4, SE-0466, macOS 15, milestone M1.9 and `Milestone 3.5`.
            1. 1.1 to 2.10, about 103 minutes.
            In chapter 1, 6 tests pass; step 1.2 follows step 1.1 (Swift 6.3.1).
            """)

        #expect(try referenceProblems(fixture).isEmpty)
    }

    @Test("The workbook's own texts name only steps and chapters it has")
    func theWorkbooksTextsHold() throws {
        let workbook = try WorkbookLoader.load(root: repositoryRoot)

        #expect(TextReferences.problems(in: workbook) == [])
    }
}
