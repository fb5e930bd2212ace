import Foundation
import Testing

@Suite("workbook open", .offThePool)
struct OpenCommandTests {
    @Test("It starts $EDITOR, with its own options, on the files the step has the learner write")
    func opensTheStepsFilesInTheEditor() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.environment = ["EDITOR": "nano  -l", "PATH": "/nowhere"]

        let testFile = harness.workspace.appendingPathComponent(WorkbookFixture.testPath).path
        #expect(
            !FileManager.default.fileExists(atPath: testFile), "step 1.1's test is the learner's to write")

        harness.run("open")

        #expect(harness.editorsOpened == [["nano", "-l", testFile]], "\(harness.errors)")
        // Made empty for an editor that opens only what exists.
        #expect(FileManager.default.contents(atPath: testFile) == Data())
        #expect(harness.printed.contains("Made \(WorkbookFixture.testPath), empty, for you to write."))
    }

    @Test("$VISUAL comes before $EDITOR, and a green step opens its code")
    func visualFirstAndAGreensCode() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("goto", "1.2", "--yes")
        harness.environment = ["VISUAL": "code --wait", "EDITOR": "vi"]

        harness.run("open")

        #expect(
            harness.editorsOpened == [
                ["code", "--wait", harness.workspace.appendingPathComponent(WorkbookFixture.sourcePath).path]
            ])
    }

    @Test("With no editor set and none on the PATH, it says what to set, and starts nothing")
    func noEditorSaysWhatToSet() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.environment = ["PATH": "/nowhere"]

        let status = harness.run("open")

        #expect(status == 2)
        #expect(harness.editorsOpened.isEmpty)
        #expect(
            harness.errors.contains { $0.contains("set EDITOR to the command that opens a file") },
            "\(harness.errors)")
        // Nothing is made for an editor that is not there.
        let testFile = harness.workspace.appendingPathComponent(WorkbookFixture.testPath).path
        #expect(!FileManager.default.fileExists(atPath: testFile))
    }

    @Test("An editor that cannot start is a clear error")
    func anEditorThatCannotStart() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.environment = ["EDITOR": "no-such-editor"]

        #expect(harness.run("open") == 2)
        #expect(
            harness.errors.contains {
                $0.contains("could not start the editor 'no-such-editor': No such file or directory")
            })
    }
}

@Suite("The step's files, named", .offThePool)
struct StepFilesNamedTests {
    @Test("The step's banner and 'workbook where' name the files the step has the learner write")
    func bannerAndWhereNameTheFiles() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }

        harness.run("start", "1")
        harness.run("where")

        #expect(
            harness.printed.contains(
                "Its files: \(WorkbookFixture.testPath) ('workbook open' opens them)."), "\(harness.printed)")
        #expect(
            harness.printed.contains(
                "Files: \(harness.workspace.appendingPathComponent(WorkbookFixture.testPath).path)"
                    + " ('workbook open' opens them in your editor)."))
    }
}
