import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel

/// record, edit, insert and remove, each on the small workbook the tests make.
@Suite("Authoring the steps", .offThePool)
struct AuthoringTests {
    static let tidyGreeter = WorkbookFixture.sourceFile.replacingOccurrences(
        of: "public struct Greeter {", with: "/// Says hello.\npublic struct Greeter {")

    func run(_ fixture: WorkbookFixture, _ arguments: String...) -> (status: Int32, printed: [String]) {
        var printed: [String] = []
        let tool = AuthorTool(
            currentFolder: fixture.root, environment: ProcessInfo.processInfo.environment,
            print: { printed.append($0) }, printError: { printed.append($0) })
        let status = tool.run(arguments)
        return (status, printed)
    }

    /// The package after `step`, checked out beside the workbook for the author to edit.
    func checkout(_ fixture: WorkbookFixture, _ name: String) throws -> URL {
        let workbook = try fixture.load()
        let (chapter, step) = try workbook.stepOrStart(named: name)
        let folder = fixture.url("Edit-\(name)")
        _ = try StepCheckout.write(step: step, of: chapter, workbook: workbook, into: folder, force: false)
        return folder
    }

    @Test("record appends a step from an edited package: only the changed files, and the chain still holds")
    func recordAppendsAStep() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let folder = try checkout(fixture, "1.2")
        try Data(Self.tidyGreeter.utf8).write(to: folder.appendingPathComponent(WorkbookFixture.sourcePath))

        let (status, printed) = run(
            fixture, "record", "1.3", "--from", folder.path, "--kind", "refactor", "--title",
            "Say what Greeter is")

        #expect(status == 0, "\(printed)")
        let stepFolder = "\(WorkbookFixture.stagesPath)/03-say-what-greeter-is"
        #expect(try fixture.read("\(stepFolder)/\(WorkbookFixture.sourcePath)") == Self.tidyGreeter)
        #expect(
            !FileManager.default.fileExists(
                atPath: fixture.url("\(stepFolder)/\(WorkbookFixture.testPath)").path))
        #expect(
            try fixture.read("\(stepFolder)/stage.md").hasPrefix(
                "---\nkind: refactor\ntitle: Say what Greeter is\n---"))
        #expect(
            try fixture.read(WorkbookFixture.sourcePath) == Self.tidyGreeter,
            "the package's final code follows")
        #expect(try fixture.read("Chapters/01-demo/README.md").contains("Say what Greeter is"))
    }

    @Test("record carries the step it adds into the chapters that continue this one, by a three-way merge")
    func recordCarriesTheStepIntoContinuingChapters() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 1)
        let greeter = "Chapters/02-more/stages/01-step/Sources/Chapter02More/Greeter.swift"
        let moreGreeter = WorkbookFixture.sourceFile.replacingOccurrences(
            of: "Chapter01Demo", with: "Chapter02More"
        )
        .replacingOccurrences(of: "Hello", with: "Hi")
        try fixture.write(greeter, moreGreeter)
        try fixture.write("Package.swift", "let chapters = [\"Chapter01Demo\", \"Chapter02More\"]\n")
        let folder = try checkout(fixture, "1.2")
        try Data(Self.tidyGreeter.utf8).write(to: folder.appendingPathComponent(WorkbookFixture.sourcePath))

        let (status, printed) = run(
            fixture, "record", "1.3", "--from", folder.path, "--kind", "refactor", "--title",
            "Say what Greeter is")

        #expect(status == 0, "\(printed)")
        #expect(
            try fixture.read(greeter)
                == moreGreeter.replacingOccurrences(
                    of: "public struct Greeter {", with: "/// Says hello.\npublic struct Greeter {"))
        #expect(printed.contains("carried it through 1 later step folder(s)."))
    }

    @Test("record of a red runs it and writes what it shows; a file it lacks becomes a delete: line")
    func recordARedWritesItsExpectations() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let folder = try checkout(fixture, "1.2")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(WorkbookFixture.sourcePath))
        let workbook = try fixture.load()
        let recorder = StepRecorder(workbook: workbook) { () throws(StageKitError) in
            ScriptedStepRunner(["1.3": .greetingMissing])
        }

        _ = try recorder.record(
            try #require(workbook.chapter(1)), number: 3, from: folder, kind: .red, title: "Lose the greeter")

        #expect(
            try fixture.read("\(WorkbookFixture.stagesPath)/03-lose-the-greeter/stage.md").hasPrefix(
                """
                ---
                kind: red
                title: Lose the greeter
                expect: compile-error
                diagnostic: GreeterTests.swift: cannot find 'Greeter' in scope
                delete: \(WorkbookFixture.sourcePath)
                ---
                """))
    }

    @Test("insert makes room and renumbers the texts that name later steps; remove undoes it, keeping a copy")
    func insertAndRemoveRenumber() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let first = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md"
        try fixture.write(first, try fixture.read(first) + "Step 1.2 makes it pass; Swift 6.0 stays.\n")
        try fixture.renderChapterTexts()

        let inserted = run(fixture, "insert", "1.2", "--kind", "refactor", "--title", "Look around")

        #expect(inserted.printed.contains { $0.contains("1.2: it changes no file") }, "until it is recorded")
        #expect(
            FileManager.default.fileExists(
                atPath: fixture.url("\(WorkbookFixture.stagesPath)/03-greet/stage.md").path))
        #expect(try fixture.read(first).contains("Step 1.3 makes it pass; Swift 6.0 stays."))

        let removed = run(fixture, "remove", "1.2")

        #expect(removed.status == 0, "\(removed.printed)")
        #expect(
            FileManager.default.fileExists(
                atPath: fixture.url("\(WorkbookFixture.stagesPath)/02-greet/stage.md").path))
        #expect(try fixture.read(first).contains("Step 1.2 makes it pass"))
        let copies = try FileManager.default.contentsOfDirectory(
            atPath: fixture.url(".build/removed-stages/01-demo").path)
        #expect(copies.count == 1 && copies[0].hasPrefix("02-look-around"))
    }

    @Test("A text naming a step that does not exist is a chain problem")
    func danglingStepReferencesAreProblems() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let first = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/stage.md"
        try fixture.write(first, try fixture.read(first) + "As steps 1.2 and 1.7 show.\n")
        let workbook = try fixture.load()

        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook)

        #expect(
            problems.contains(
                ChainProblem(subject: "1.1", problem: "its text names step 1.7, which does not exist")))
        #expect(!problems.contains { $0.problem.contains("step 1.2") })
    }

    @Test(
        "A new chapter that continues another starts with no steps, and its first red is recorded from its start"
    )
    func startingAChapter() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.addContinuingChapter(steps: 0)
        var workbook = try fixture.load()
        let problems = try Walk.chainProblems(of: workbook.chapters, in: workbook)
        #expect(
            problems.contains { $0.subject == "chapter 2" && $0.problem.hasPrefix("it has no steps yet") })

        let start = try checkout(fixture, "2.0")
        try Data("import Testing\n@Test func more() { #expect(Bool(false)) }\n".utf8).write(
            to: start.appendingPathComponent("Tests/Chapter02MoreTests/MoreTests.swift"))
        let failing = Outcome.tested(
            TestRun(
                tests: [
                    TestResult(
                        id: "Chapter02MoreTests.more()", status: .failed,
                        issues: [TestIssue(message: "Expectation failed: Bool(false)")])
                ], finished: true), warnings: [])
        let recorder = StepRecorder(workbook: workbook) { () throws(StageKitError) in
            ScriptedStepRunner(["2.1": failing])
        }
        _ = try recorder.record(
            try #require(workbook.chapter(2)), number: 1, from: start, kind: .red, title: "More")
        workbook = try fixture.load()
        try workbook.syncFinalCode()

        #expect(
            workbook.chapter(2)?.steps.map(\.expectation) == [
                .testFailure([
                    FailureExpectation(
                        test: "Chapter02MoreTests.more()", message: "Expectation failed: Bool(false)")
                ])
            ])
        #expect(
            try fixture.read("Sources/Chapter02More/Greeter.swift")
                == WorkbookFixture.sourceFile.replacingOccurrences(of: "Chapter01Demo", with: "Chapter02More")
        )
    }

    @Test("record from a folder that is not a package of the chapter refuses, and changes nothing")
    func recordRefusesAFolderThatIsNoPackage() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let before = try FileTree.read(from: fixture.root)

        let (status, printed) = run(fixture, "record", "1.2", "--from", "Workspace-edit")

        #expect(status == 2)
        #expect(printed.contains { $0.contains("--from names a package of chapter 1") })
        #expect(try FileTree.read(from: fixture.root) == before)
    }
}
