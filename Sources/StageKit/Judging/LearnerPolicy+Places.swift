import Foundation
import StepRunning
import WorkbookModel

/// Where a learner's diagnostics and tests are, and which are the workbook's own.
extension LearnerPolicy {
    /// Whether a diagnostic is in one of the learner's test files.
    func isInTests(_ diagnostic: Diagnostic) -> Bool {
        guard let file = diagnostic.file, !Self.isInChecks(diagnostic) else { return false }
        return files.paths.contains { $0.hasPrefix("Tests/") && file.hasSuffix("/" + $0) }
    }

    /// The warnings a learner is shown: those of a build that succeeded, and those of one that failed
    /// on lines with no error, in files the errors are not in (a red's own test file gives warnings
    /// that follow from its errors).
    /// Each once: a build may print one warning twice (as it compiles a file and as it emits its module).
    func shownWarnings(_ outcome: Outcome) -> [Diagnostic] {
        var shown: [Diagnostic]
        if case .compileError(let diagnostics) = outcome {
            let errorFiles = Set(diagnostics.filter { $0.severity == .error }.compactMap(\.file))
            shown = OutcomeMatcher.followUpWarnings(in: diagnostics).filter {
                !errorFiles.contains($0.file ?? "")
            }
        } else {
            shown = outcome.warnings
        }
        var seen: [Diagnostic] = []
        shown.removeAll { warning in
            if seen.contains(warning) { return true }
            seen.append(warning)
            return false
        }
        return shown
    }

    /// The id of the workbook's own copy of a learner's test: the same suites and function, in the
    /// checks module.
    static func copyID(of test: TestResult) -> String {
        StepPackage.checksModule
            + (test.id.firstIndex(of: ".").map { String(test.id[$0...]) } ?? "." + test.id)
    }

    static func isOurs(_ test: TestResult) -> Bool { test.isWorkbooksCopy }

    static func isInChecks(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.file?.contains(StepPackage.checksFolder) == true
    }

    /// For each name the workbook's tests' errors speak of that the learner declared under `Tests/`:
    /// where it is. Their own tests see it; the workbook's, like an app, see only what the library holds.
    func misplacedNames(in errors: [Diagnostic]) -> [MisplacedName] {
        let names = errors.flatMap(\.names).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let declarers: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias", "func"]
        return names.sorted().compactMap { name in
            let declaring = files.paths.filter { $0.hasPrefix("Tests/") }.first { path in
                let words = String(decoding: files.files[path] ?? Data(), as: UTF8.self)
                    .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                return zip(words, words.dropFirst()).contains { keyword, declared in
                    declared == name && declarers.contains(keyword)
                }
            }
            return declaring.map { MisplacedName(name: name, path: $0) }
        }
    }
}
