import Foundation
import WorkbookAuthoring
import WorkbookModel

/// Carries out a `stages` command. Returns the exit status: 0 done, 1 a walk or check that failed,
/// 2 a problem with the command or the workbook (said in one sentence on `printError`).
package struct AuthorTool {
    var currentFolder: URL
    var environment: [String: String]
    var print: (String) -> Void
    var printError: (String) -> Void
    /// The workbook's folder as the command line gave it; nil: the current folder.
    var root: String?

    package init(
        currentFolder: URL, environment: [String: String], print: @escaping (String) -> Void,
        printError: @escaping (String) -> Void
    ) {
        self.currentFolder = currentFolder
        self.environment = environment
        self.print = print
        self.printError = printError
    }

    /// What `stages` is, and the option every command takes.
    static let declaration = ToolDeclaration(
        "stages",
        "stages: walks the workbook's steps and proves each one shows what it must; records and edits them.",
        globalOptions: [AuthorOptions.root])

    /// The commands, in the order the usage lists them.
    static var commands: [any AuthorCommand.Type] {
        [
            WalkCommand.self, CheckoutCommand.self, RenderCommand.self, BenchCommand.self,
            ListChaptersCommand.self,
            BudgetCommand.self, RefreshCommand.self, RecordCommand.self, EditCommand.self, InsertCommand.self,
            RemoveCommand.self, SplitCommand.self, TutorialCommand.self, ReplayCommand.self,
        ]
    }

    package func run(_ arguments: [String]) -> Int32 {
        do {
            switch try Self.declaration.read(arguments, commands: Self.commands.map { $0.declaration }) {
            case .help(let text):
                print(text)
                return 0
            case .command(let index, let arguments):
                let command = try Self.commands[index].init(arguments)
                var tool = self
                tool.root = arguments.value(AuthorOptions.root)
                return try command.run(in: tool)
            }
        } catch {
            printError("stages: \(error)")
            return 2
        }
    }

    func load() throws(StageKitError) -> Workbook {
        try WorkbookLoader.load(root: root.map(resolve) ?? currentFolder)
    }

    func resolve(_ path: String) -> URL {
        WorkbookCommands.resolve(path, from: currentFolder)
    }
}
