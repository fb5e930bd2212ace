import WorkbookAuthoring
import WorkbookModel

/// `stages split C.S --title T`.
struct SplitCommand: AuthorCommand {
    static let step = ArgumentDeclaration.required(
        "C.S", "the last step of the first half, a passing one", needs: "a step, like 3.4")
    static let title = OptionDeclaration.required("--title", "T", "the new chapter's title")
    static let declaration = CommandDeclaration(
        "split", "cuts a chapter in two after a passing step", arguments: [step], options: [title],
        discussion: """
            The later steps become chapter C+1, titled T, which continues C; later chapters move up one;
            every folder, module, milestone and text is renumbered. Then write the new chapter's
            introduction and the first half's recap.
            """)

    /// The step the command line names ("1.3").
    let stepName: String
    let title: String

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        stepName = try arguments.required(Self.step)
        title = try arguments.required(Self.title)
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        let (chapter, number) = try workbook.place(named: stepName)
        guard let number, number > 0 else {
            throw .usage("name the last step of the first half, like 5.26")
        }
        let split = ChapterSplit(workbook: workbook, chapter: chapter, step: number, title: title)
        let (folder, leftovers) = try split.run()
        tool.print(
            "chapter \(chapter.number) now ends at step \(stepName); the steps after it are in \(folder.path)."
        )
        tool.print(
            "Write its chapter.md introduction, and a recap.md and an ending.md for chapter"
                + " \(chapter.number) (its own went with the steps).")
        if !leftovers.isEmpty { tool.print("Read each of these, which the split could not decide:") }
        for line in leftovers { tool.print("  \(line)") }
        return try tool.afterAuthoring()
    }
}
