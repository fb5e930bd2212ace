import Foundation
import WorkbookModel

extension WorkbookSession {
    /// `workbook solution`: the files the workbook writes at this step, once the learner met its goal.
    func solution(_ place: LearnerPlace, force: Bool) throws(StageKitError) -> Int32 {
        guard let stage = place.stage else {
            print("You have done every step of this chapter.")
            return 0
        }
        guard force || place.progress.met.contains(stage.id) else {
            print(
                "The solution of \(stage.id) shows once 'workbook check' has seen you meet its goal; 'workbook solution --force' shows it now."
            )
            return 1
        }
        for (path, data) in stage.changes.files.sorted(by: { $0.key < $1.key }) {
            print("// \(path)")
            print(String(decoding: data, as: UTF8.self))
        }
        for path in stage.deletions { print("// deleted: \(path)") }
        return 0
    }
}
