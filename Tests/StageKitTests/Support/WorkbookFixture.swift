import ChildProcesses
import Foundation

@testable import WorkbookModel
@testable import WorkbookText

/// A small workbook in a temporary folder, valid as made, for tests to load and then break on purpose.
///
/// Its one chapter, `01-demo` (module `Chapter01Demo`), has a red step whose test asks for a missing
/// `Greeter`, and a green step that writes it. `Sources/`, `Tests/`, `Package.swift` and the
/// chapter's README match the steps, so the chain holds until a test changes something.
struct WorkbookFixture {
    let root: URL

    static let testPath = "Tests/Chapter01DemoTests/GreeterTests.swift"
    static let sourcePath = "Sources/Chapter01Demo/Greeter.swift"
    static let stagesPath = "Chapters/01-demo/stages"

    static let testFile = """
        import Chapter01Demo
        import Testing

        @Test func greetsByName() {
            #expect(Greeter().greeting(for: "Ada") == "Hello, Ada!")
        }

        """

    static let sourceFile = """
        public struct Greeter {
            public init() {}

            public func greeting(for name: String) -> String {
                "Hello, \\(name)!"
            }
        }

        """

    init() throws {
        root = TemporaryFolder.uniqueName("stagekit-")
        try write("Package.swift", "let chapters = [\"Chapter01Demo\"]\n")
        try write(
            "Chapters/01-demo/chapter.md",
            """
            ---
            title: Demo
            module: Chapter01Demo
            ---
            A chapter made by the tests.
            """)
        try write(
            "Chapters/01-demo/start/Sources/Chapter01Demo/Greeter.swift", "// Greeter will live here.\n")
        try write(
            "\(Self.stagesPath)/01-ask-for-a-greeting/stage.md",
            """
            ---
            kind: red
            title: Ask for a greeting
            expect: compile-error
            diagnostic: cannot find 'Greeter' in scope
            hint: Read the error first.
            ---
            Test a `Greeter`.
            """)
        try write("\(Self.stagesPath)/01-ask-for-a-greeting/\(Self.testPath)", Self.testFile)
        try write(
            "\(Self.stagesPath)/02-greet/stage.md",
            """
            ---
            kind: green
            title: Greet
            hint: Greeter is a public struct with a public init.
            hint: greeting(for:) returns "Hello, " and the name.
            ---
            Write the code.
            """)
        try write("\(Self.stagesPath)/02-greet/\(Self.sourcePath)", Self.sourceFile)
        try write(Self.testPath, Self.testFile)
        try write(Self.sourcePath, Self.sourceFile)
        try renderChapterTexts()
    }

    /// Adds chapter 2, `02-more` (module `Chapter02More`), continuing chapter 1, with `steps` refactor
    /// steps that each write a file of their own.
    func addContinuingChapter(steps: Int) throws {
        try write(
            "Chapters/02-more/chapter.md",
            "---\ntitle: More\nmodule: Chapter02More\ncontinues: 1\n---\nMore.\n")
        for number in stride(from: 1, through: steps, by: 1) {
            try write(
                "Chapters/02-more/stages/0\(number)-step/stage.md",
                stageHeader("kind: refactor", "title: Step \(number)", "hint: One.", "hint: Two."))
            try write(
                "Chapters/02-more/stages/0\(number)-step/Sources/Chapter02More/Step\(number).swift",
                "// \(number)\n")
        }
    }

    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    func write(_ path: String, _ text: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url(path))
    }

    func load() throws -> Workbook {
        try WorkbookLoader.load(root: root)
    }

    /// Writes each chapter's README as the steps make it, as `Scripts/render-chapters` does.
    func renderChapterTexts() throws {
        let workbook = try load()
        for chapter in workbook.chapters {
            try write(
                "Chapters/\(chapter.folderName)/README.md", ChapterRenderer.render(chapter, of: workbook))
        }
    }

    func delete() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// The stage.md of a step, from its header lines and text.
func stageHeader(_ lines: String..., text: String = "What the step teaches.") -> String {
    "---\n" + lines.joined(separator: "\n") + "\n---\n" + text + "\n"
}
