import Foundation

/// The warnings each file of a learner's package was last compiled with, kept in its `.build` from one
/// build to the next. SwiftPM prints a file's warnings only when it compiles it: without a record,
/// a warning the build started with the step printed would never be shown by the check after it, and
/// what `check` shows would depend on which build compiled the file first.
///
/// A build compiled a file when the file its build system writes at each compile (`BuildLayout`'s
/// `compiledMarker`) is no older than the build. Where there is none, the build's own output is all
/// there is, as without a record.
struct WarningRecord: Codable, Equatable, Sendable {
    struct Warning: Codable, Equatable, Sendable {
        var line: Int?
        var column: Int?
        var message: String
        var notes: [String]
    }

    /// Each file with warnings, by its path, and its warnings.
    var files: [String: [Warning]] = [:]

    static func location(in folder: URL) -> URL {
        folder.appendingPathComponent(".build/workbook-warnings.json")
    }

    /// Updates the record of `folder` with a build that started at `started` and printed `diagnostics`,
    /// and returns the warnings of every file as it was last compiled.
    static func update(
        in folder: URL, layout: BuildLayout?, buildStarted started: Date, diagnostics: [Diagnostic]
    ) -> [Diagnostic] {
        let url = location(in: folder)
        var record =
            (try? JSONDecoder().decode(WarningRecord.self, from: Data(contentsOf: url))) ?? WarningRecord()
        for path in record.files.keys
        where !FileManager.default.fileExists(atPath: path)
            || wasCompiled(path, in: folder, layout: layout, since: started)
        {
            record.files[path] = nil
        }
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            guard let path = diagnostic.file else { continue }
            let warning = Warning(
                line: diagnostic.line, column: diagnostic.column, message: diagnostic.message,
                notes: diagnostic.notes)
            if !(record.files[path] ?? []).contains(warning) {
                record.files[path, default: []].append(warning)
            }
        }
        if let data = try? JSONEncoder().encode(record) { try? data.write(to: url, options: .atomic) }
        return record.warnings
    }

    /// Every warning, by file and line.
    var warnings: [Diagnostic] {
        files.keys.sorted().flatMap { path in
            (files[path] ?? []).map {
                Diagnostic(
                    file: path, line: $0.line, column: $0.column, severity: .warning, message: $0.message,
                    notes: $0.notes)
            }
        }
    }

    /// Whether the build that started at `started` compiled the file: what its build writes at a
    /// compile is no older, or there is none where the layout says.
    static func wasCompiled(_ path: String, in folder: URL, layout: BuildLayout?, since started: Date) -> Bool
    {
        guard let layout, let object = compiledMarker(of: path, in: folder, layout: layout),
            let date = try? FileManager.default.attributesOfItem(atPath: object.path)[.modificationDate]
                as? Date
        else { return true }
        return date >= started
    }

    /// What the build writes when it compiles a file of `Sources/<Target>/`, `Tests/<Target>/` or the
    /// workbook's own tests for the step.
    static func compiledMarker(of path: String, in folder: URL, layout: BuildLayout) -> URL? {
        // Both sides resolved alike: a compiler may print `/private/var/…` for a folder named `/var/…`.
        let root = folder.resolvingSymlinksInPath().path + "/"
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root) else { return nil }
        let relative = resolved.dropFirst(root.count).split(separator: "/").map(String.init)
        let target: String
        if relative.count >= 3, relative[0] == "Sources" || relative[0] == "Tests" {
            target = relative[1]
        } else if path.contains("/" + StepPackage.checksFolder + "/") {
            target = StepPackage.checksModule
        } else {
            return nil
        }
        guard let name = relative.last else { return nil }
        return layout.compiledMarker(target: target, fileName: name)
    }
}
