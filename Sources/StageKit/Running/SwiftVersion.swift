import ChildProcesses
import Foundation
import WorkbookModel

/// A toolchain's Swift version, as `swift --version` prints it: "Swift version 6.3.1 (…)" on Linux,
/// "Apple Swift version 6.2 (swiftlang-…)" from Xcode. Only the number after "Swift version " is read.
package struct SwiftVersion: Comparable, Sendable, CustomStringConvertible {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The oldest Swift the workbook builds with.
    package static let oldest = SwiftVersion(major: 6, minor: 2)

    /// The version in what `swift --version` printed; nil when it names none.
    package init?(versionOutput output: String) {
        guard let marker = output.range(of: "Swift version ") else { return nil }
        let number = output[marker.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    package static func < (left: SwiftVersion, right: SwiftVersion) -> Bool {
        (left.major, left.minor) < (right.major, right.minor)
    }

    package var description: String { "\(major).\(minor)" }

    /// The seconds `swift --version` may take: it answers in well under one.
    static let askLimit: Double = 10

    /// The `swift` command on PATH (as `workbook check` finds it) and what its `--version` printed.
    package static func ask(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StageKitError) -> (swift: URL, printed: String)
    {
        let swift = try SwiftToolchain.locate(environment: environment)
        let result: ChildProcess.Result
        do {
            result = try ChildProcess(swift, ["--version"], timeLimit: .seconds(askLimit)).run()
        } catch {
            throw .missingFile(path: swift.path, why: "it could not be started (\(error.reason))")
        }
        return (swift, try answer(of: result, swift: swift))
    }

    /// What `swift --version` printed; stopped at its limit, it did not answer.
    static func answer(of result: ChildProcess.Result, swift: URL) throws(StageKitError) -> String {
        guard result.termination != .timedOut else {
            throw .noAnswer(command: "\(swift.path) --version", seconds: Int(askLimit))
        }
        return result.output
    }
}
