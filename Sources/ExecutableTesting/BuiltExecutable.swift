import ChildProcesses
import Foundation

/// The workbook's executables as end-to-end tests see them: built by SwiftPM beside the test binary,
/// and run as a person would, with standard input and both output streams.
package enum BuiltExecutable {
    /// The executable `name` that SwiftPM built beside the running tests, or nil when it is not there.
    ///
    /// It starts from the bundle of the code that holds this module, the same way on both platforms
    /// (this module is linked into the test product): on Linux the folder of the test executable,
    /// `.build/debug/`; on macOS the test bundle in that folder, `.build/debug/XPackageTests.xctest`.
    /// `Bundle.main` would not do: under `swift test` on macOS it is `swiftpm-testing-helper`.
    package static func named(_ name: String) -> URL? {
        var folder: URL? = Bundle(for: Anchor.self).bundleURL
        for _ in 0..<4 {
            guard let current = folder else { return nil }
            let candidate = current.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = current.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` to its end with `input` on its standard input, and returns how it ended and
    /// what it printed on both streams. Past `timeLimit` it is stopped, with all it started, and it
    /// ended `.timedOut`.
    package static func run(
        _ executable: URL, _ arguments: [String], input: String = "", timeLimit: Duration = .seconds(60)
    ) throws -> (termination: ChildProcess.Termination, output: String) {
        let result = try ChildProcess(
            executable, arguments, input: .data(Data(input.utf8)), timeLimit: timeLimit
        )
        .run()
        return (result.termination, result.output)
    }
}

/// A class of this module's own, for `Bundle(for:)` to find the image it was loaded from.
private final class Anchor {}
