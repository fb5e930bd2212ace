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
        let files: [(url: URL, label: String)]
        if isLink(url) {
            throw .unexpectedFile(path: label, why: "it is a symbolic link; name the report or folder itself")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .missingFile(path: label, why: "it should be a room's report (CSV) or a folder of them")
        }
        if isFolder.boolValue {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                throw .unreadable(path: label)
            }
            files = names.filter { $0.hasSuffix(".csv") && !$0.hasPrefix(".") }.sorted().map {
                (url.appendingPathComponent($0), label.hasSuffix("/") ? label + $0 : "\(label)/\($0)")
            }
        } else {
            files = [(url, label)]
        }
        var marks: [MeasuredMinutes.Mark] = []
        for file in files {
            if isLink(file.url) {
                throw .unexpectedFile(path: file.label, why: "it is a symbolic link, and a report is a file")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int) ?? 0
            guard size <= RoomReport.largestReport else {
                throw .malformed(
                    path: file.label, line: nil, problem: "it is larger than a room's report can be (128 MB)")
            }
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                throw .unreadable(path: file.label)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .malformed(path: file.label, line: nil, problem: "it is not UTF-8 text")
            }
            // Two reports may hold one learner's id: each report is a room of its own.
            marks += try RoomReport.marks(fromCSV: text, path: file.label).map { mark in
                var mark = mark
                mark.learner = "\(file.label)#\(mark.learner)"
                return mark
            }
        }
        return (MeasuredMinutes(marks), files.count, Set(marks.map(\.learner)).count)
    }

    static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType)
            == .typeSymbolicLink
    }
}
