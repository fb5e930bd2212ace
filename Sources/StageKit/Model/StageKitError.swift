import Foundation

/// Everything that can stop the `stages` and `workbook` tools, each with one sentence that names the file or argument.
package enum StageKitError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case missingFile(path: String, why: String)
    case malformed(path: String, line: Int?, problem: String)
    case unexpectedFile(path: String, why: String)
    case unknownChapter(String)
    case unknownStep(String)
    case usage(String)
    case toolchainMissing
    case scratchVanished(path: String, step: String)
    case workspaceNotEmpty(path: String)
    case writeFailed(path: String, reason: String)
    case busy(path: String, holder: String)
    /// A workshop room's problem, in one sentence.
    case room(String)
    /// The toolchain's answer to `command` was not what SwiftPM says (its last lines, made printable).
    case toolchainAnswer(command: String, answer: String)
    /// A program run as `command` did not answer within its limit.
    case noAnswer(command: String, seconds: Int)
    /// A build that passed left no test product where SwiftPM's layout says it puts one.
    case testProductMissing(path: String, buildSystem: String)

    package var description: String {
        switch self {
        case .unreadable(let path):
            return "cannot read \(path)."
        case .missingFile(let path, let why):
            return "\(path) is missing: \(why)."
        case .malformed(let path, let line, let problem):
            let place = line.map { "\(path):\($0)" } ?? path
            return "\(place): \(problem)."
        case .unexpectedFile(let path, let why):
            return "\(path) does not belong there: \(why)."
        case .unknownChapter(let name):
            return "there is no chapter '\(name)': run 'Scripts/stages list' to see the chapters."
        case .unknownStep(let name):
            return "there is no step '\(name)': run 'Scripts/stages list' to see the steps."
        case .usage(let problem):
            return "\(problem) (run 'Scripts/stages help' for the commands and options)."
        case .toolchainMissing:
            return "cannot find the 'swift' command on PATH: install a Swift 6 toolchain (swift.org/install)."
        case .scratchVanished(let path, let step):
            return "the scratch folder \(path) disappeared while step \(step) was running;"
                + " nothing else was touched, run the walk again."
        case .workspaceNotEmpty(let path):
            return "\(path) is not empty: pass --force to replace it (a backup copy is kept)."
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason)."
        case .room(let problem):
            return "\(problem)."
        case .toolchainAnswer(let command, let answer):
            let shown = PlainText.printable(answer)
            return
                "'\(command)' did not answer as SwiftPM does ('\(shown.trimmingCharacters(in: .whitespaces))')"
                + ": check the toolchain with 'swift run workbook doctor'."
        case .noAnswer(let command, let seconds):
            return "'\(command)' did not answer in \(seconds) s."
        case .testProductMissing(let path, let buildSystem):
            return "the build passed, but its test product is not at \(path), where \(buildSystem) puts it:"
                + " delete that package's .build folder (SwiftPM makes it again) and try again."
        case .busy(let path, let holder):
            return "another workbook command\(holder.isEmpty ? "" : " (process \(holder))") is working in"
                + " \(path): let it finish, or stop it, then try again."
        }
    }
}
