import ChildProcesses
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

/// The runner under both of SwiftPM's build systems (native, and Swift Build, the default from Swift
/// 6.4, given here through Tests/SwiftBuildToolchain) and both ways of starting the tests (the test
/// products, Linux's; `swift test --skip-build`, a Mac's, forced here on any platform): a package of
/// two test targets, as a learner's workspace has (theirs and the workbook's own checks), reads the
/// tests of both, a failure included, and a test product not where the layout says is an error.
@Suite("The runner under both build systems", .tags(.toolchain), .offThePool)
struct BuildSystemsRunnerTests {
    static let swiftBuildStandIn = repositoryRoot.appendingPathComponent("Tests/SwiftBuildToolchain/swift")

    enum System: String, CaseIterable, CustomTestStringConvertible {
        case native, swiftBuild
        var testDescription: String { rawValue }
    }

    /// A package `Probe` with a passing test of its own and a failing one in its second test target.
    static func probe(in scratch: URL) throws -> URL {
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
                targets: [
                    .target(name: "Probe"),
                    .testTarget(name: "ProbeTests", dependencies: ["Probe"]),
                    .testTarget(name: "WorkbookChecks", dependencies: ["Probe"], path: ".workbook/checks"),
                ])

            """)
        try write("Sources/Probe/Probe.swift", "public struct Feed {\n    public init() {}\n}\n")
        try write(
            "Tests/ProbeTests/ProbeTests.swift",
            "import Probe\nimport Testing\n\n@Test func mine() { #expect([Feed()].count == 1) }\n")
        try write(
            ".workbook/checks/Checks.swift",
            "import Probe\nimport Testing\n\n@Test func theirs() { #expect([Feed()].count == 2) }\n")
        return folder
    }

    @Test(
        "Both test targets' tests are read, by either launch, under either build system",
        .enabled(if: swiftCommand != nil, "needs the swift command on PATH to build"),
        arguments: System.allCases)
    func bothTargetsAreRead(_ system: System) throws {
        let scratch = TemporaryFolder.uniqueName("build-systems-")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = try Self.probe(in: scratch)
        guard let real = swiftCommand else { return }
        var runner = SwiftPMStepRunner(
            swift: system == .native ? real : Self.swiftBuildStandIn, scratch: scratch,
            sharesModuleCache: false)
        #expect(try runner.layout(of: folder).buildSystem == (system == .native ? .native : .swiftBuild))

        for launch in [TestLaunch.products, .swiftTest] {
            runner.testLaunch = launch
            guard case .tested(let run, _) = try runner.check(folder, module: "Probe", stepID: "probe") else {
                Issue.record("the probe's tests did not run (\(launch))")
                continue
            }
            #expect(run.finished, "\(launch)")
            #expect(run.passed.map(\.id) == ["ProbeTests.mine()"], "\(launch)")
            #expect(run.failed.map(\.id) == ["WorkbookChecks.theirs()"], "\(launch)")
        }

        // A test product gone from where the layout says: an error that says where, not "no test ran".
        runner.testLaunch = .products
        let products = try runner.layout(of: folder).testProducts(
            package: "Probe", testTargets: ["ProbeTests", "WorkbookChecks"])
        try FileManager.default.removeItem(at: products[0])
        #expect {
            try runner.test(
                folder, module: "Probe", testTargets: ["ProbeTests", "WorkbookChecks"], stepID: "probe",
                warnings: [])
        } throws: { error in
            (error as? StageKitError).map {
                if case .testProductMissing(let path, _) = $0 { return path == products[0].path }
                return false
            } ?? false
        }
    }
}
