import Foundation
import WorkbookModel
import WorkbookRoom

/// `workbook room report [--out FILE]`: the room's record as CSV, run where the room was served.
struct RoomReportCommand: LearnerCommand {
    static let out = OptionDeclaration.value(
        "--out", "FILE", "where to write it (.workbook-room/report.csv unless you say)")
    static let anonymous = OptionDeclaration.flag(
        "--anonymous", "leave out names and the lines checks showed: a report to give back to the workbook")
    static let declaration = CommandDeclaration(
        "room report", "write the record of the room served here as CSV",
        options: [out, anonymous])
    static var holdsLock: Bool { false }

    let out: String?
    let isAnonymous: Bool

    init(_ arguments: ParsedArguments) {
        out = arguments.value(Self.out)
        isAnonymous = arguments.isSet(Self.anonymous)
    }

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let ledger = try RoomLedger(in: session.currentFolder, making: false)
        guard FileManager.default.fileExists(atPath: ledger.events.path) else {
            throw .room(
                "no room has taken events in this folder (\(ledger.events.path) is missing): run it where"
                    + " 'workbook room serve' ran")
        }
        let (records, damaged) = try ledger.load()
        let url =
            out.map { resolve($0, from: session.currentFolder) }
            ?? ledger.folder.appendingPathComponent("report.csv")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .room("\(url.path) is a folder: --out takes the file to write")
        }
        let parent = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw .room("there is no folder \(parent.path) to write \(url.lastPathComponent) in")
        }
        do {
            let csv = isAnonymous ? RoomReport.anonymousCSV(records) : RoomReport.csv(records)
            try Data(csv.utf8).write(to: url, options: .atomic)
        } catch {
            throw .room("the report cannot be written to \(url.path)")
        }
        let learners = Set(records.map(\.event.learner)).count
        session.print("Wrote \(records.count) events of \(learners) learners to \(url.path).")
        if damaged > 0 { session.print("\(damaged) damaged lines of \(ledger.events.path) were skipped.") }
        return 0
    }
}
