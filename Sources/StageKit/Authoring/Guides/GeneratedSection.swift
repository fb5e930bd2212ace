import Foundation
import WorkbookModel
import WorkbookRoom
import WorkbookText

/// A part of a hand-written page that `Scripts/render-chapters` makes from `Chapters/`, between two
/// marker lines, so that it cannot go stale: the README's table of chapters, the facilitator's plan.
/// The walk checks each one.
package struct GeneratedSection: Sendable {
    /// The page, from the workbook's folder.
    package let path: String
    /// What the section is, in a sentence about the page: "its table of chapters".
    package let what: String
    let begin: String
    let end: String
    /// Its lines; a problem where what it is made from cannot be read (a room's report given back).
    package let lines: @Sendable (Workbook) throws(StageKitError) -> [String]

    package static let all = [ChapterTable.section, FacilitatorPlan.section, OtherCorrectWays.section]

    /// The page with the section between its markers made anew; nil when it has no markers.
    package func updating(_ page: String, from workbook: Workbook) throws(StageKitError) -> String? {
        var all = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = all.firstIndex(of: begin), let last = all[first...].firstIndex(of: end) else {
            return nil
        }
        all.replaceSubrange((first + 1)..<last, with: try lines(workbook))
        return all.joined(separator: "\n")
    }

    /// What is wrong with the section, if anything; a workbook without the page has none.
    func problem(in workbook: Workbook) -> ChainProblem? {
        let url = workbook.root.appendingPathComponent(path)
        guard let page = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let made: String?
        do {
            made = try updating(page, from: workbook)
        } catch {
            return ChainProblem(subject: path, problem: "\(what) cannot be made: \(error)")
        }
        guard let updated = made else {
            return ChainProblem(
                subject: path, problem: "it has no \(what.dropFirst(4)) between the markers render writes")
        }
        guard updated == page else {
            return ChainProblem(subject: path, problem: "\(what) is stale: run Scripts/render-chapters")
        }
        return nil
    }
}

extension ChapterTable {
    /// The README's table of chapters, as a section the walk checks and render writes.
    static let section = GeneratedSection(
        path: "README.md", what: "its table of chapters", begin: begin, end: end, lines: table)
}

extension OtherCorrectWays {
    /// The page of other correct ways, as a section the walk checks and render writes.
    static let section = GeneratedSection(
        path: path, what: "its list of other correct ways", begin: begin, end: end, lines: lines)
}

extension FacilitatorPlan {
    /// The facilitator's plan, as a section the walk checks and render writes.
    static let section = GeneratedSection(
        path: "FACILITATOR.md", what: "its plan of the chapters", begin: begin, end: end, lines: lines)

    /// The plan, with the minutes the rooms given back to the workbook (`Rooms/`) measured.
    package static func lines(_ workbook: Workbook) throws(StageKitError) -> [String] {
        lines(workbook, measured: try RoomPace(workbook).measured)
    }
}

extension RoomPace {
    /// The pace of the rooms given back to the workbook (`Rooms/`), or the estimate's without them.
    init(_ workbook: Workbook) throws(StageKitError) {
        let folder = workbook.root.appendingPathComponent(RoomsGivenBack.folder)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            self.init(workbook, measured: nil)
            return
        }
        let rooms = try RoomsGivenBack.load(folder, label: RoomsGivenBack.folder)
        self.init(workbook, measured: rooms.minutes.isEmpty ? nil : rooms.minutes)
    }
}
