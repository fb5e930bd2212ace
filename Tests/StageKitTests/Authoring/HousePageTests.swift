import Foundation
import Testing

@Suite("The house drawn: Sources/StageKit/README.md against Package.swift", .offThePool)
struct HousePageTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("The page names the StageKit targets the manifest declares, and no others")
    func thePageAgreesWithTheManifest() throws {
        let manifest = try Self.read("Package.swift")
        #expect(
            HousePage.declaredTargets(in: manifest) == [
                "WorkbookModel", "StepRunning", "StepJudging", "WorkbookText", "WorkbookRoom",
                "WorkbookAuthoring", "WorkbookCommands",
            ])
        #expect(HousePage.problems(page: try Self.read(HousePage.path), manifest: manifest) == [])
    }

    @Test("A target renamed in the manifest, and not on the page, is a problem both ways")
    func aRenamedTargetIsCaught() throws {
        let manifest = try Self.read("Package.swift").replacingOccurrences(
            of: "name: \"WorkbookText\"", with: "name: \"ReaderTexts\"")
        #expect(
            HousePage.problems(page: try Self.read(HousePage.path), manifest: manifest).map(\.problem) == [
                "it names the target WorkbookText, which Package.swift does not declare",
                "it does not name the StageKit target ReaderTexts in its table",
            ])
        #expect(HousePage.problems(page: nil, manifest: manifest) == [])
    }
}
