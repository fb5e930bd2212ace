import Foundation
import Testing

@testable import WorkbookModel

/// `stages edit`: a change carried through the later steps, or refused where it meets their own.
extension AuthoringTests {
    @Test("edit carries a change through the later snapshots of the file by a three-way merge")
    func editCarriesTheChangeForward() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let later = try checkout(fixture, "1.2")
        let test = later.appendingPathComponent(WorkbookFixture.testPath)
        try Data((WorkbookFixture.testFile + "\n@Test func greetsAnyone() {}\n").utf8).write(to: test)
        #expect(
            run(fixture, "record", "1.3", "--from", later.path, "--kind", "refactor", "--title", "More")
                .status == 0)
        let edited = try checkout(fixture, "1.1")
        let editedTest = WorkbookFixture.testFile.replacingOccurrences(
            of: "import Testing", with: "import Testing  // Swift Testing")
        try Data(editedTest.utf8).write(to: edited.appendingPathComponent(WorkbookFixture.testPath))

        let (status, printed) = run(fixture, "edit", "1.1", "--from", edited.path)

        #expect(status == 0, "\(printed)")
        #expect(
            try fixture.read(
                "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/\(WorkbookFixture.testPath)")
                == editedTest)
        #expect(
            try fixture.read("\(WorkbookFixture.stagesPath)/03-more/\(WorkbookFixture.testPath)")
                == editedTest + "\n@Test func greetsAnyone() {}\n")
        #expect(try fixture.read(WorkbookFixture.testPath) == editedTest + "\n@Test func greetsAnyone() {}\n")
    }

    @Test("edit whose change meets a later step's own edit of the same lines changes nothing, and says where")
    func editStopsOnAConflict() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let edited = try checkout(fixture, "1.1")
        let source = edited.appendingPathComponent(WorkbookFixture.sourcePath)
        try Data("// Greeter will live here, soon.\n".utf8).write(to: source)
        let before = try FileTree.read(from: fixture.url("Chapters"))

        let (status, printed) = run(fixture, "edit", "1.1", "--from", edited.path)

        #expect(status == 1)
        #expect(
            printed.contains {
                $0.contains(
                    "step 1.2, \(WorkbookFixture.sourcePath): the change and the step's own edit of it meet")
            })
        #expect(try FileTree.read(from: fixture.url("Chapters")) == before, "nothing was written")
    }
}
