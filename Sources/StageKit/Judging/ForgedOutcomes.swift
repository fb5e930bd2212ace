import Foundation
import Portability
import StepRunning
import WorkbookModel

/// Code that writes a step's verdict itself instead of letting the compiler and the tests make it: an
/// error or warning whose words the code spells out (`#error`, `#warning`, `@available(…, message:)`),
/// and test calls in the code under test (`Issue.record` in `Sources/` fails whichever test runs it).
/// The walk refuses such a step and `check` such a workspace, whatever the outcome. Code that forges
/// the test results themselves (rewriting the event stream Swift Testing writes) is past what either
/// defends against: Chapters/README.md says so.
package enum ForgedOutcomes {
    /// One sentence per place, "File.swift:3: …", for every Swift file of `package`.
    package static func problems(in package: FileTree, chapter: Chapter) -> [String] {
        var problems: [String] = []
        for path in package.paths where path.hasSuffix(".swift") {
            guard let data = package.files[path] else { continue }
            let inSources = path.hasPrefix(chapter.sourcesPath + "/")
            for (index, code) in SwiftLines(String(decoding: data, as: UTF8.self)).code.enumerated() {
                if let problem = problem(in: code, inSources: inSources) {
                    problems.append("\(path):\(index + 1): \(problem)")
                }
            }
        }
        return problems
    }

    static func problem(in code: String, inSources: Bool) -> String? {
        let squeezed = code.filter { $0 != " " }
        if squeezed.contains("#error") || squeezed.contains("#warning") {
            return
                "'#error' and '#warning' make the compiler say what the code says: a step's errors come from"
                + " the compiler's own reading of the code"
        }
        if squeezed.contains("@available("),
            ["message:", "renamed:", "unavailable", "deprecated"].contains(where: squeezed.contains)
        {
            return "an '@available' that gives the compiler its words: a step's errors come from the"
                + " compiler's own reading of the code"
        }
        if inSources,
            [
                "importTesting", "importXCTest", "Issue.record", "#expect", "#require", "withKnownIssue",
                "XCTFail",
            ]
            .contains(where: squeezed.contains)
        {
            return "the code under test calls the test library: tests fail in the tests, not in Sources/"
        }
        return nil
    }
}
