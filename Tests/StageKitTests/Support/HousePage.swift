import Foundation
import WorkbookModel
import WorkbookText

/// The page that draws StageKit's layers (`Sources/StageKit/README.md`): the targets its table names
/// must be the StageKit targets `Package.swift` declares, so that the drawing cannot outlive the house.
enum HousePage {
    static let path = "Sources/StageKit/README.md"
    static let begin = "<!-- house: targets -->"
    static let end = "<!-- house: end -->"

    /// What disagrees between the page's table and the manifest; nothing when the workbook has no page
    /// (a workbook made by the tests).
    static func problems(page: String?, manifest: String) -> [ChainProblem] {
        guard let page else { return [] }
        let subject = path
        guard let start = page.range(of: begin), let stop = page.range(of: end),
            start.upperBound < stop.lowerBound
        else {
            return [
                ChainProblem(
                    subject: subject, problem: "its table of targets lost its \(begin) and \(end) lines")
            ]
        }
        let named = page[start.upperBound..<stop.lowerBound].split(separator: "\n").compactMap {
            row -> String? in
            guard row.hasPrefix("| `") else { return nil }
            return row.dropFirst(3).prefix { $0 != "`" }.description
        }
        let declared = declaredTargets(in: manifest)
        var problems = named.filter { !declared.contains($0) }.map {
            ChainProblem(
                subject: subject, problem: "it names the target \($0), which Package.swift does not declare")
        }
        for target in declared where !named.contains(target) {
            problems.append(
                ChainProblem(
                    subject: subject, problem: "it does not name the StageKit target \(target) in its table"))
        }
        return problems
    }

    /// The targets whose sources are under `Sources/StageKit/`, by the name the manifest gives them.
    static func declaredTargets(in manifest: String) -> [String] {
        manifest.split(separator: "\n").reduce(into: (names: [String](), last: String?.none)) { found, line in
            if let name = line.range(of: "name: \"").map({ line[$0.upperBound...].prefix { $0 != "\"" } }) {
                found.last = String(name)
            }
            if line.contains("path: \"Sources/StageKit/"), let last = found.last { found.names.append(last) }
        }.names
    }
}
