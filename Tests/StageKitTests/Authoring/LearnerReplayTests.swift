import Foundation
import Testing

@testable import WorkbookAuthoring
@testable import WorkbookModel

@Suite("LearnerReplay", .offThePool)
struct LearnerReplayTests {
    /// The replay on the fixture's chapter, with `answer` standing for the workbook tool.
    func replay(_ answer: @escaping ([String]) -> Int32) throws -> (surprises: [String], printed: [String]) {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workspace = fixture.url("Workspace")
        var printed: [String] = []
        var checks = 0
        let replay = LearnerReplay(
            workbook: try fixture.load(), workspace: workspace,
            drive: { arguments in
                if arguments.first == "check" { checks += 1 }
                if arguments.first == "start" {
                    try FileManager.default.createDirectory(
                        at: workspace.appendingPathComponent("Tests/Chapter01DemoTests"),
                        withIntermediateDirectories: true)
                }
                // The second check is at 1.1, a red; the others at 1.2, a green.
                return (.exited(answer(arguments)), StandInCheck.met(checks == 2 ? .red : .green))
            }, print: { printed.append($0) })
        let surprises = try replay.run(chapters: try fixture.load().chapters)
        return (surprises, printed)
    }

    @Test("a workbook that lets a trivial test win a green step fails the replay, naming the step")
    func trivialGreenIsASurprise() throws {
        // A tool that meets every check: it would pass a green on a trivial test.
        var checks = 0
        let (surprises, printed) = try replay { arguments in
            guard arguments.first == "check" else { return 0 }
            checks += 1
            return checks == 1 ? 1 : 0
        }

        #expect(surprises.count == 1)
        #expect(
            surprises.first?.hasPrefix("1.2: a trivial test in place of the red's tests is refused") == true)
        #expect(printed.contains { $0.hasPrefix("1.2  🟢 SURPRISE") })
        #expect(printed.last?.hasPrefix("replay FAILED: 1 surprise(s)") == true)
    }

    @Test("the replay types each step's files and swaps the red's tests back after the trivial one")
    func typesTheStepsFiles() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workspace = fixture.url("Workspace")
        var seenAtChecks: [[String]] = []
        let replay = LearnerReplay(
            workbook: try fixture.load(), workspace: workspace,
            drive: { arguments in
                if arguments.first == "check" {
                    seenAtChecks.append(try FileTree.read(from: workspace).paths)
                }
                return (
                    .exited(arguments.first == "check" && seenAtChecks.count == 1 ? 1 : 0),
                    StandInCheck.met(seenAtChecks.count == 2 ? .red : .green)
                )
            }, print: { _ in })

        let surprises = try replay.run(chapters: try fixture.load().chapters)

        #expect(seenAtChecks.count == 4)
        #expect(seenAtChecks[1] == [WorkbookFixture.testPath])
        #expect(seenAtChecks[2] == ["Tests/Chapter01DemoTests/Trivial.swift"])
        #expect(seenAtChecks[3] == [WorkbookFixture.sourcePath, WorkbookFixture.testPath].sorted())
        #expect(surprises.count == 1, "the stand-in tool met the trivial test: \(surprises)")
    }
}
