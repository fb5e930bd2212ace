import Foundation
import StepRunning
import WorkbookModel

/// The learner's and the facilitator's tool, `workbook`: start a chapter, check a step, move on, ask for
/// hints, see the workbook's change or code, start a step again, jump to a step, bring work back.
/// Returns the exit status: 0 done (or the step's goal met), 1 the goal not met yet (or a question
/// answered no), 2 a problem said in one sentence.
package struct LearnerTool {
    /// Where the tool was started: the workbook's folder is found from here.
    package var currentFolder: URL
    package var effects: Effects

    package init(currentFolder: URL, effects: Effects) {
        self.currentFolder = currentFolder
        self.effects = effects
    }

    /// What `workbook` is, and the options every command takes.
    static let declaration = ToolDeclaration(
        "workbook",
        "workbook: follow the workbook one step at a time, in a workspace of your own (Workspace/).",
        globalOptions: WorkbookOptions.all,
        notes: ["Anything that replaces your files keeps a copy of them first ('workbook backups')."])

    /// The commands, in the order the usage lists them.
    static var commands: [any LearnerCommand.Type] {
        [
            StartCommand.self, StatusCommand.self, WhereCommand.self, OpenCommand.self, CheckCommand.self,
            NextCommand.self, HintCommand.self, DiffCommand.self, SolutionCommand.self, ResetCommand.self,
            GotoCommand.self, WatchCommand.self, BackupsCommand.self, RestoreCommand.self, ListCommand.self,
            DoctorCommand.self, RoomServeCommand.self, RoomJoinCommand.self, RoomLeaveCommand.self,
            NoteCommand.self, RoomReportCommand.self, WarmCommand.self,
        ]
    }

    package func run(_ arguments: [String]) -> Int32 {
        do {
            switch try Self.declaration.read(arguments, commands: Self.commands.map { $0.declaration }) {
            case .help(let text):
                effects.print(text)
                return 0
            case .command(let index, let arguments):
                let command = try Self.commands[index].init(arguments)
                let session = try LearnerSession(
                    options: try WorkbookOptions(arguments), currentFolder: currentFolder, effects: effects,
                    answersWithAValue: command.answersWithAValue)
                return try session.run(command)
            }
        } catch {
            effects.showProgress("")
            effects.printError("workbook: \(Self.sentence(for: error))")
            return 2
        }
    }

    /// The error in a learner's words: steps, not stages, and `workbook` commands, not the authors' tools.
    static func sentence(for error: StageKitError) -> String {
        switch error {
        case .unknownChapter(let name):
            "there is no chapter '\(name)': 'workbook list' shows the chapters and their steps."
        case .unknownStep(let name):
            "there is no step '\(name)': 'workbook list' shows the chapters and their steps."
        case .usage(let problem):
            "\(problem) ('workbook help' lists the commands)."
        case .workspaceNotEmpty(let path):
            "\(path) holds work already: 'workbook start' with --force replaces it, keeping a copy first"
                + " ('workbook backups' lists the copies)."
        case .scratchVanished(let path, _):
            "\(path) disappeared while it was being checked; nothing else was touched."
        default:
            error.description
        }
    }
}
