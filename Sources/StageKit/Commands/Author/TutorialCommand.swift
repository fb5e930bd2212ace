import WorkbookAuthoring
import WorkbookModel

/// `stages tutorial`.
struct TutorialCommand: AuthorCommand {
    static let declaration = CommandDeclaration(
        "tutorial", "makes the chapters a DocC tutorial",
        discussion: """
            The catalog goes to .build/tutorial/Workbook.docc, and the static site docc builds from it to
            .build/tutorial/site; exits 1 if docc warns.
            """)

    init(_ arguments: ParsedArguments) {}

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let build = TutorialBuild(workbook: try tool.load(), environment: tool.environment)
        let problems = try build.run()
        for problem in problems { tool.print(problem) }
        tool.print(
            problems.isEmpty
                ? "The tutorial is in \(build.site.path) (Scripts/serve-tutorial shows it)."
                : "docc warned \(problems.count) times (above).")
        return problems.isEmpty ? 0 : 1
    }
}
