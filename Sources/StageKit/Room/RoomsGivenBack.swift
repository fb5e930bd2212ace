import Foundation
import WorkbookModel
import WorkbookText

/// Rooms' reports given back to the workbook: one CSV that `workbook room report` wrote, or a folder
/// of them (the workbook's own is `Rooms/`), read into the minutes each step took.
package enum RoomsGivenBack {
    /// The workbook's folder of rooms' reports, from its root.
    package static let folder = "Rooms"

    /// The reports at `url`, a CSV file or a folder whose `.csv` files are read (nothing below it);
    /// `label` names it in a problem. A link is refused, as the workbook refuses one anywhere.
    package static func load(_ url: URL, label: String) throws(StageKitError) -> (
        minutes: MeasuredMinutes, reports: Int, learners: Int
    ) {
        let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
        if type == .typeSymbolicLink {
            throw .unexpectedFile(path: label, why: "it is a symbolic link; name the report or folder itself")
        }
        let files: [(url: URL, label: String)]
        if type == .typeDirectory {
            // The workbook's one way to list a folder: hidden names aside, a link refused.
            let folder = label.hasSuffix("/") ? label : label + "/"
            files = try WorkbookLoader.entries(
                in: url, label: folder, why: "it should be a folder of rooms' reports"
            ).filter { !$0.isFolder && $0.name.hasSuffix(".csv") }.map {
                (url.appendingPathComponent($0.name), folder + $0.name)
            }
        } else {
            files = [(url, label)]
        }
        var marks: [MeasuredMinutes.Mark] = []
        for file in files {
            // Two reports may hold one learner's id: each report is a room of its own.
            marks += try read(file.url, label: file.label).map { mark in
                var mark = mark
                mark.learner = "\(file.label)#\(mark.learner)"
                return mark
            }
        }
        return (MeasuredMinutes(marks), files.count, Set(marks.map(\.learner)).count)
    }

    /// A report's marks: a regular file (a pipe or a device would never end), read a chunk at a time,
    /// no further than a report can be long, and refused where it goes past a report's bounds.
    static func read(_ url: URL, label: String) throws(StageKitError) -> [MeasuredMinutes.Mark] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let attributes else {
            throw .missingFile(path: label, why: "it should be a room's report (CSV) or a folder of them")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unexpectedFile(path: label, why: "a room's report is a file, and this is not one")
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw .unreadable(path: label) }
        defer { try? handle.close() }
        var rows = ReportRows(ReportBytes(handle), path: label)
        return try RoomReport.marks(from: &rows, path: label)
    }
}
