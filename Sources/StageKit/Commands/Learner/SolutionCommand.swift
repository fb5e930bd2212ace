import Foundation
import WorkbookModel

/// `workbook solution [--force]`.
struct SolutionCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let force = OptionDeclaration.flag("--force", "show it before your check is green")
    static let declaration = CommandDeclaration(
        "solution", "the workbook's code for this step, once you are green", options: [force])

    let force: Bool

    init(_ arguments: ParsedArguments) {
        force = arguments.isSet(Self.force)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).solution(try session.current(), force: force)
    }
}

extension SolutionCommand.Work {
    /// `workbook solution`: the files the workbook writes at this step, once the learner met its goal.
    func solution(_ place: LearnerPlace, force: Bool) throws(StageKitError) -> Int32 {
        guard let step = place.step else {
            print("You have done every step of this chapter.")
            return 0
        }
        guard force || place.progress.met.contains(step.id) else {
            print(
                "The solution of \(step.id) shows once 'workbook check' has seen you meet its goal; 'workbook solution --force' shows it now."
            )
            return 1
        }
        for (path, data) in step.changes.files.sorted(by: { $0.key < $1.key }) {
            print("// \(path)")
            print(String(decoding: data, as: UTF8.self))
        }
        for path in step.deletions { print("// deleted: \(path)") }
        return 0
    }
}
