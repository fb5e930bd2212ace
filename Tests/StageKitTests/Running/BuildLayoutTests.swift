import ChildProcesses
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

/// Where SwiftPM puts what it builds, read from the folder it names, under either build system; and
/// kept, so that a learner's next check need not ask again.
@Suite("BuildLayout", .offThePool)
struct BuildLayoutTests {
    @Test("The build system and the test products are read from the products folder SwiftPM names")
    func readsTheLayoutFromTheProductsFolder() {
        let native = BuildLayout(products: URL(fileURLWithPath: "/p/.build/x86_64-unknown-linux-gnu/debug"))
        let swiftBuild = BuildLayout(products: URL(fileURLWithPath: "/p/.build/out/Products/Debug-linux"))
        let mac = BuildLayout(products: URL(fileURLWithPath: "/p/.build/out/Products/Debug"))

        #expect(native.buildSystem == .native)
        #expect(swiftBuild.buildSystem == .swiftBuild)
        #expect(mac.buildSystem == .swiftBuild)
        #expect(
            native.testProducts(package: "M", testTargets: ["MTests", "WorkbookChecks"]).map(\.path) == [
                "/p/.build/x86_64-unknown-linux-gnu/debug/MPackageTests.xctest"
            ])
        #expect(
            swiftBuild.testProducts(package: "M", testTargets: ["MTests", "WorkbookChecks"]).map(\.path) == [
                "/p/.build/out/Products/Debug-linux/MTests-test-runner",
                "/p/.build/out/Products/Debug-linux/WorkbookChecks-test-runner",
            ])
    }

    @Test("A layout kept in the package's .build answers the same toolchain without asking it, not another")
    func aKeptLayoutAnswersTheSameToolchain() throws {
        let folder = TemporaryFolder.uniqueName("build-layout-")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A swift that cannot answer: any layout it gives comes from the record.
        let mute = URL(fileURLWithPath: "/bin/false")
        let record = """
            {"toolchain": \(try JSONEncoder().encode(BuildLayouts.toolchain(swift: mute, flags: [])).utf8String),
             "products": "/kept/.build/out/Products/Debug-linux"}
            """
        try PackageWriter.write(Data(record.utf8), to: BuildLayouts.recordLocation(in: folder))

        let kept = try BuildLayouts().layout(of: folder, swift: mute, flags: [])
        #expect(kept.products.path == "/kept/.build/out/Products/Debug-linux")

        #expect(throws: StageKitError.self, "other flags: another toolchain, asked") {
            try BuildLayouts().layout(of: folder, swift: mute, flags: ["-Xswiftc", "-g"])
        }
        #expect(throws: StageKitError.self, "asked again, when the kept layout's products are missing") {
            try BuildLayouts().layout(of: folder, swift: mute, flags: [], askingAgain: true)
        }
    }

    @Test("Under Swift Build, what a compile writes is found under Intermediates.noindex")
    func swiftBuildsCompileMarkerIsFound() throws {
        let folder = TemporaryFolder.uniqueName("build-layout-")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dia = folder.appendingPathComponent(
            ".build/out/Intermediates.noindex/M.build/Debug-linux/M.build/Objects-normal/x86_64/Greeter.dia")
        try PackageWriter.write(Data(), to: dia)
        let layout = BuildLayout(products: folder.appendingPathComponent(".build/out/Products/Debug-linux"))

        #expect(layout.compiledMarker(target: "M", fileName: "Greeter.swift")?.path == dia.path)
        #expect(layout.compiledMarker(target: "M", fileName: "Other.swift") == nil)
    }
}

extension Data {
    fileprivate var utf8String: String { String(decoding: self, as: UTF8.self) }
}
