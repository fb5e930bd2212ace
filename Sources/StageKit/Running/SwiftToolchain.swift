import Foundation

/// Finds the `swift` command the way a shell would.
public enum SwiftToolchain {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(StageKitError) -> URL
    {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .toolchainMissing
    }
}
