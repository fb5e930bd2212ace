import Foundation
import StepRunning
import WorkbookModel

/// `workbook warm`: builds the workspace in the background, started by the commands that write it,
/// which hand it their lock at `--lock-descriptor`. Not for learners: the usage leaves it out.
struct WarmCommand: LearnerCommand {
    static let lockDescriptor = OptionDeclaration.value(
        "--lock-descriptor", "FD", "the descriptor of the workspace's lock, handed over by the command")
    static let declaration = CommandDeclaration(
        "warm", "build the workspace in the background", options: [lockDescriptor], isHidden: true)
    /// It holds the lock it was handed, not one of its own.
    static var holdsLock: Bool { false }

    let handed: Int32?

    init(_ arguments: ParsedArguments) throws(StageKitError) {
        guard let text = arguments.value(Self.lockDescriptor) else {
            handed = nil
            return
        }
        guard let descriptor = Int32(text), descriptor >= 0 else {
            throw .usage("--lock-descriptor takes a file descriptor, not '\(text)'")
        }
        handed = descriptor
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let workspace = session.workspace
        return try WorkspaceLock.adopting(handed, of: workspace.folder) { () throws(StageKitError) in
            // A warm-up stopped at its limit leaves a note, which the next command shows.
            if let doing = try session.effects.makeRunner(.workspace(tests: session.timeLimit)).warm(
                workspace.folder)
            {
                try PackageWriter.write(
                    Data(doing.utf8), to: workspace.url(LearnerSession.stoppedWarmUpNote))
            }
            return 0
        }
    }
}
