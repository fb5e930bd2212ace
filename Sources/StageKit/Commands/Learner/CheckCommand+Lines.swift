import StepJudging
import WorkbookModel
import WorkbookText

extension CheckCommand {
    /// What the terminal shows of a check's report, line by line, in the order the learner reads it.
    static func lines(of report: CheckReport, step: Step) -> [String] {
        switch report.verdict {
        case .chapterDone:
            return []
        case .met:
            return metLines(of: report, step: step)
        case .notMet:
            return notMetLines(of: report)
        }
    }

    static func metLines(of report: CheckReport, step: Step) -> [String] {
        var lines = [
            report.alsoFailsUnexpectedly
                ? "Red, for the step's reason, but its test also fails in a way the step does not expect:"
                : StepTexts.metMessage(step, outcome: report.summaryOfAll ?? "")
        ]
        lines += (report.notes + report.details).map { "  " + $0 }
        lines += testFilesLines(of: report)
        if report.alreadyHadTheShape {
            lines.append(
                "Your code already had this shape: it meets the step as it was, with nothing to change.")
        }
        return lines
    }

    static func notMetLines(of report: CheckReport) -> [String] {
        var lines = [
            "Not yet: this step's goal is that \((report.goal ?? "").lowercasedFirst)",
            "It showed \(report.summary ?? ""):",
        ]
        // "compile error" has said it: the list of errors follows.
        let findings = report.summarySaysFirstFinding ? Array(report.findings.dropFirst()) : report.findings
        lines += (findings + report.notes).map { "  " + $0 }
        lines += testFilesLines(of: report)
        lines.append("Stuck? 'workbook hint'.")
        return lines
    }

    /// Which of the learner's test files differ from the workbook's, and that both were built, or ran.
    static func testFilesLines(of report: CheckReport) -> [String] {
        guard let difference = report.testFiles else { return [] }
        var parts: [String] = []
        if !difference.differing.isEmpty {
            parts.append("differ from the workbook's in \(difference.differing.joined(separator: ", "))")
        }
        if !difference.onlyLearners.isEmpty {
            parts.append("have \(difference.onlyLearners.joined(separator: ", ")), which it has not")
        }
        if !difference.onlyWorkbooks.isEmpty {
            parts.append("lack \(difference.onlyWorkbooks.joined(separator: ", ")), which it has")
        }
        let both = difference.bothRan ? "both ran" : "both are built with your code"
        return ["Your tests \(parts.joined(separator: "; ")); \(both)."]
    }
}
