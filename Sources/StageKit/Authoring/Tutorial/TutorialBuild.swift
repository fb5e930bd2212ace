import ChildProcesses
import Foundation
import StepRunning
import WorkbookModel
import WorkbookText

/// Writes the tutorial catalog under `.build/tutorial/` and has the toolchain's `docc` make a static
/// site of it there, which any web server can serve (`Scripts/serve-tutorial`).
package struct TutorialBuild {
    let workbook: Workbook
    let environment: [String: String]

    package init(workbook: Workbook, environment: [String: String]) {
        self.workbook = workbook
        self.environment = environment
    }

    var folder: URL { workbook.root.appendingPathComponent(".build/tutorial") }
    var catalog: URL { folder.appendingPathComponent("Workbook.docc") }
    package var site: URL { folder.appendingPathComponent("site") }

    /// Builds the site and returns what docc warned about (nothing, when all is well).
    package func run() throws(StageKitError) -> [String] {
        // The catalog is made anew from the steps each time: it is never edited by hand.
        try? FileManager.default.removeItem(at: catalog)
        try? FileManager.default.removeItem(at: site)
        // A chapter that rooms measured (Rooms/) shows their minutes instead of the estimate's.
        for (path, data) in TutorialCatalog(workbook, measured: try RoomPace(workbook).measured).files {
            try PackageWriter.write(data, to: catalog.appendingPathComponent(path))
        }
        let docc = try locateDocc()
        let arguments = [
            "convert", catalog.path, "--fallback-display-name", "Workbook", "--fallback-bundle-identifier",
            "workbook.tutorial", "--output-path", site.path, "--transform-for-static-hosting",
        ]
        let result: ChildProcess.Result
        do {
            result = try ChildProcess(docc, arguments, timeLimit: .seconds(300)).run()
        } catch {
            throw .missingFile(path: docc.path, why: "docc could not be started (\(error.reason))")
        }
        // A problem is its "warning:" line, with the place docc names for it on the lines after.
        var problems: [String] = []
        for line in result.output.split(separator: "\n") {
            if line.hasPrefix("warning:") || line.hasPrefix("error:") {
                problems.append(String(line))
            } else if line.contains("--> "), !problems.isEmpty, !problems[problems.count - 1].hasSuffix(")") {
                problems[problems.count - 1] += " (" + line.trimmingCharacters(in: .whitespaces) + ")"
            }
        }
        guard result.succeeded else {
            throw .malformed(
                path: catalog.path, line: nil,
                problem: "docc could not build it: " + (problems.first ?? "it \(result.termination)"))
        }
        return problems
    }

    /// `docc` beside the `swift` on PATH (a swift.org toolchain), on PATH itself, or where `xcrun`
    /// finds it: on a Mac `/usr/bin/swift` is a shim of `xcrun`, and Xcode keeps `docc` in its own
    /// toolchain.
    func locateDocc() throws(StageKitError) -> URL {
        let swift = try SwiftToolchain.locate(environment: environment).resolvingSymlinksInPath()
        let beside = swift.deletingLastPathComponent().appendingPathComponent("docc")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        if let docc = SwiftToolchain.find("docc", environment: environment) { return docc }
        if let xcrun = SwiftToolchain.find("xcrun", environment: environment),
            let found = try? ChildProcess(xcrun, ["--find", "docc"], timeLimit: .seconds(60)).run(),
            found.succeeded
        {
            // The path is its last line (anything xcrun warns comes before it).
            let path = found.output.split(separator: "\n").last.map { $0.trimmingWhitespace() } ?? ""
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        throw .missingFile(
            path: "docc",
            why: "the Swift toolchain brings it (on a Mac, Xcode's: 'xcrun --find docc' finds it)")
    }
}
