import Foundation
import WorkbookModel
import WorkbookText

/// `workbook diff`.
struct DiffCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration("diff", "the workbook's own change for this step")

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        try Work(session: session).diff(try session.current())
    }
}

extension DiffCommand.Work {
    /// `workbook diff`: the workbook's own change for this step, file by file.
    func diff(_ place: LearnerPlace) throws(StageKitError) -> Int32 {
        guard let step = place.step else {
            print("You have done every step of this chapter.")
            return 0
        }
        let before = workbook.tree(before: step, in: place.chapter)
        let after = workbook.tree(after: step, in: place.chapter)
        print("The workbook's change for \(step.heading):")
        for path in Set(before.paths + after.paths).sorted() where before.files[path] != after.files[path] {
            print(
                LineDiff.unified(
                    old: before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "",
                    new: after.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "", path: path))
        }
        return 0
    }
}
