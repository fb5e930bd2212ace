import WorkbookAuthoring
import WorkbookModel

/// `stages list`.
struct ListChaptersCommand: AuthorCommand {
    static let declaration = CommandDeclaration("list", "lists the chapters and their steps")

    init(_ arguments: ParsedArguments) {}

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        for chapter in try tool.load().chapters {
            tool.print("\(chapter.number)  \(chapter.title)  (\(chapter.module))")
            for step in chapter.steps {
                tool.print("  \(step.id)  \(step.kind.symbol) \(step.kind.rawValue)  \(step.title)")
            }
        }
        return 0
    }
}
