import Foundation
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

/// Both tools, as the tests see them: a name, a declaration, the commands' declarations, the folder
/// their command files are in, and the protocol those files' commands conform to.
struct ToolUnderTest: Sendable, CustomTestStringConvertible {
    let declaration: ToolDeclaration
    let commands: [CommandDeclaration]
    let typeNames: [String]
    let folder: String
    let conformance: String

    var testDescription: String { declaration.name }

    static let workbook = ToolUnderTest(
        declaration: LearnerTool.declaration, commands: LearnerTool.commands.map { $0.declaration },
        typeNames: LearnerTool.commands.map { String(describing: $0) },
        folder: "Sources/StageKit/Commands/Learner", conformance: "LearnerCommand")
    static let stages = ToolUnderTest(
        declaration: AuthorTool.declaration, commands: AuthorTool.commands.map { $0.declaration },
        typeNames: AuthorTool.commands.map { String(describing: $0) },
        folder: "Sources/StageKit/Commands/Author", conformance: "AuthorCommand")
    static let both = [workbook, stages]
}

@Suite("Commands declared once: parsed, listed and explained from their declarations", .offThePool)
struct CommandDeclarationTests {
    @Test(
        "The usage lists each command but the hidden ones, by the synopsis and summary it declares",
        arguments: ToolUnderTest.both)
    func usageComesFromTheDeclarations(tool: ToolUnderTest) {
        let usage = tool.declaration.usage(tool.commands)
        // Columns of spaces, and a row broken over two lines when its synopsis is long, read as one space.
        let words = usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for command in tool.commands {
            let row = "\(tool.declaration.name) \(command.synopsis) \(command.summary)"
            #expect(words.contains(row) == !command.isHidden, "\(row)")
            if command.isHidden { #expect(!usage.contains("\(tool.declaration.name) \(command.name)")) }
        }
        for option in tool.declaration.globalOptions {
            #expect(usage.contains("\(option.name) \(option.valueName ?? "")") && usage.contains(option.help))
        }
        #expect(Set(tool.commands.map(\.name)).count == tool.commands.count, "two commands share a name")
    }

    @Test(
        "'help C' and 'C --help' show one help, naming each argument and option of C with its help",
        arguments: ToolUnderTest.both)
    func eachCommandsHelpComesFromItsDeclaration(tool: ToolUnderTest) throws {
        for command in tool.commands {
            guard
                case .help(let asked) = try tool.declaration.read(
                    ["help", command.name], commands: tool.commands),
                case .help(let flagged) = try tool.declaration.read(
                    [command.name, "--help"], commands: tool.commands)
            else {
                Issue.record("\(command.name): no help")
                continue
            }
            #expect(asked == flagged)
            #expect(asked.hasPrefix("\(tool.declaration.name) \(command.synopsis)\n"))
            for argument in command.arguments {
                #expect(asked.contains("\(argument.name)   ") && asked.contains(argument.help))
            }
            for option in command.options {
                #expect(asked.contains(option.name) && asked.contains(option.help))
            }
        }
    }

    @Test("Each command refuses an option it does not declare, naming itself", arguments: ToolUnderTest.both)
    func unknownOptionsAreRefusedPerCommand(tool: ToolUnderTest) {
        for command in tool.commands {
            #expect(throws: StageKitError.usage("'--frobnicate' is not an option of '\(command.name)'")) {
                try tool.declaration.read([command.name, "--frobnicate"], commands: tool.commands)
            }
        }
    }

    @Test("An option is one command's, not every command's: 'check --guided' is refused")
    func optionsBelongToTheirCommand() {
        let tool = ToolUnderTest.workbook
        #expect(throws: StageKitError.usage("'--guided' is not an option of 'check'")) {
            try tool.declaration.read(["check", "--guided"], commands: tool.commands)
        }
        #expect(throws: StageKitError.usage("--force may be given only once")) {
            try tool.declaration.read(["start", "1", "--force", "--force"], commands: tool.commands)
        }
    }

    @Test(
        "Every command file's command is in its tool's list, so adding a command is one file and one name",
        arguments: ToolUnderTest.both)
    func everyCommandFileIsListed(tool: ToolUnderTest) throws {
        let folder = repositoryRoot.appendingPathComponent(tool.folder)
        // Its folder and the folders in it (the room's commands are in Workbook/Room/).
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter {
                $0.hasSuffix(".swift")
            }
        var declared: [String] = []
        for path in files {
            let file = (path as NSString).lastPathComponent
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.hasPrefix("struct ") && line.hasSuffix(": \(tool.conformance) {") {
                let name = String(line.dropFirst("struct ".count).prefix { $0 != ":" })
                declared.append(name)
                #expect(file == "\(name).swift", "a file is named for the command it holds")
            }
        }
        #expect(!declared.isEmpty)
        #expect(Set(declared) == Set(tool.typeNames))
    }
}
