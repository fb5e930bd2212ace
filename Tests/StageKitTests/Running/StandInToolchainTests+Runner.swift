import ChildProcesses
import Foundation
import Testing

@testable import StepRunning

/// The stand-in given to the runner in place of `swift`, on a probe package it builds and tests.
extension StandInToolchainTests {
    @Test(
        "The runner, given the stand-in for swift, still reads places, tests, issues and a crash",
        .tags(.toolchain), .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build"),
        .timeLimit(.minutes(10)))
    func runnerReadsTheStandInsBuildsAndTests() throws {
        let scratch = TemporaryFolder.uniqueName("stand-in-")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("Probe")
        func write(_ path: String, _ text: String) throws {
            try PackageWriter.write(Data(text.utf8), to: folder.appendingPathComponent(path))
        }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Probe",
                targets: [.target(name: "Probe"), .testTarget(name: "ProbeTests", dependencies: ["Probe"])])

            """)
        try write("Sources/Probe/Probe.swift", "public struct Feed {\n    public init() {}\n}\n")
        try write(
            "Tests/ProbeTests/ProbeTests.swift",
            """
            import Probe
            import Testing

            @Test func counts() { #expect([Feed()].count == 2) }
            @Test func records() { Issue.record("The feed was empty") }

            """)
        let runner = SwiftPMStepRunner(swift: Self.standIn, scratch: scratch)

        let failing = try tested(runner.check(folder, module: "Probe", stepID: "probe"))
        if runner.testLaunch == .products {
            // Where the runner starts the test binary itself, the stand-in has wrapped it.
            let product = try runner.testCommands(
                folder: folder, module: "Probe", testTargets: ["ProbeTests"])
            #expect(product.map(\.executable.lastPathComponent) == ["ProbePackageTests.xctest"])
            #expect(
                product.allSatisfy { FileManager.default.fileExists(atPath: $0.executable.path + ".real") })
        }
        #expect(failing?.finished == true)
        let issues = failing?.failed.flatMap(\.issues) ?? []
        #expect(issues.compactMap(\.line).sorted() == [4, 5])
        #expect(issues.contains { $0.details == ["The feed was empty"] })
        #expect(issues.contains { $0.message.hasSuffix("([Feed()].count → 1) == 2") })
        #expect(
            !issues.contains { $0.message.contains("Expectation failed") || $0.message == "Issue recorded" })

        // A crash still reads as one: the run never ended, and the crashing test never finished.
        try write(
            "Tests/ProbeTests/ProbeTests.swift",
            "import Probe\nimport Testing\n\n@Test func stops() { preconditionFailure(\"no 'Feed' here\") }\n"
        )
        let crashed = try tested(runner.check(folder, module: "Probe", stepID: "probe"))
        #expect(crashed?.finished == false)
        #expect(crashed?.unfinished.map(\.id) == ["ProbeTests.stops()"])
        #expect(crashed?.crashReport.contains { $0.contains("Fatal error") } == false)

        try write("Tests/ProbeTests/ProbeTests.swift", "import Probe\n\nlet missing = Feed().items\n")
        guard case .compileError(let errors) = try runner.check(folder, module: "Probe", stepID: "probe")
        else {
            Issue.record("the probe's error did not stop its build")
            return
        }
        #expect(errors.map(\.fileName) == ["ProbeTests.swift"])
        #expect(errors.map(\.line) == [3])
        #expect(errors.map { quotedNames($0.message) } == [["'Feed'", "'items'"]])
        #expect(!errors.contains { $0.message.contains("has no member") })
    }

    /// The run of an outcome whose tests ran, or nil, recorded as an issue.
    func tested(_ outcome: Outcome) -> TestRun? {
        guard case .tested(let run, _) = outcome else {
            Issue.record("the tests did not run: \(outcome.summary)")
            return nil
        }
        return run
    }
}
