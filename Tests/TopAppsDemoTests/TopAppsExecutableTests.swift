import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `top-apps` executable SwiftPM built beside this test binary, if it is there.
private let topAppsExecutable: URL? = {
    var folder = Bundle.main.executableURL?.deletingLastPathComponent()
    for _ in 0..<4 {
        guard let current = folder else { break }
        let candidate = current.appendingPathComponent("top-apps")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = current.deletingLastPathComponent()
    }
    return nil
}()

@Suite("top-apps, end to end")
struct TopAppsExecutableTests {
    @Test(
        "Run with no argument, it prints the ten bundled apps, offline",
        .enabled(
            if: topAppsExecutable != nil,
            "needs the top-apps executable, which swift build makes beside the tests"))
    func printsTheBundledApps() throws {
        let (status, output) = try run(try #require(topAppsExecutable), [])

        let lines = output.split(separator: "\n").map(String.init)
        #expect(status == 0)
        #expect(lines.count == 21)
        #expect(
            lines.first?.hasPrefix("The top 10 paid apps of the French App Store, from the bundled feed")
                == true)
        #expect(lines.dropFirst().first == " 1. Carnet de Randonnée")
        #expect(lines.last?.hasPrefix("    https://") == true)
        #expect(lines.contains("10. Retouche Studio"))
    }

    @Test(
        "Run with a wrong argument, it says so in one sentence and exits with status 2",
        .enabled(
            if: topAppsExecutable != nil,
            "needs the top-apps executable, which swift build makes beside the tests"))
    func rejectsAWrongArgument() throws {
        let (status, output) = try run(try #require(topAppsExecutable), ["--fast"])

        #expect(status == 2)
        #expect(
            output
                == "top-apps: top-apps takes --live or nothing, not '--fast' (top-apps --help says more).\n")
    }
}

/// Runs the executable to its end and returns its status and what it printed (both streams).
private func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    if exited.wait(timeout: .now() + 60) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
    }
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
