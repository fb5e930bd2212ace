import Foundation
import WorkbookModel

/// Finds the `swift` command the way a shell would.
package enum SwiftToolchain {
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StageKitError) -> URL
    {
        guard let swift = find("swift", environment: environment) else { throw .toolchainMissing }
        return swift
    }

    /// The program of this name in the first folder of PATH that has it.
    package static func find(_ name: String, environment: [String: String]) -> URL? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
