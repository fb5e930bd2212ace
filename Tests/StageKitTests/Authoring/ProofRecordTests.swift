import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A runner under which every test fails: a chapter whose green no longer passes.
struct EverythingFailsRunner: WalkRunner {
    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        .greetingFails
    }
}

/// The record of what each proof of a chapter showed, so that CI proves again only what changed.
@Suite("Proofs keyed by what they prove", .offThePool)
struct ProofRecordTests {
    /// Walks the fixture with `--changed` and `--record` as `run-stages` does; its status and lines.
    func walk(
        _ fixture: WorkbookFixture, runner: any StepRunner = GreeterRunner(), changedOnly: Bool = true,
        recording: Bool = true, toolchain: String = "Swift version 6.3.1"
    ) throws -> (status: Int32, printed: [String]) {
        var printed: [String] = []
        let walk = Walk(workbook: try fixture.load(), runner: runner, print: { printed.append($0) })
        let status = try walk.run(
            WalkSelection(), changedOnly: changedOnly, recording: recording, toolchain: toolchain)
        return (status, printed)
    }

    @Test(
        "A walk that passed is recorded, and proven again only when the chapter, the tools or the toolchain change"
    )
    func recordedWalksAreProvenAgainOnlyWhenChanged() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let first = try walk(fixture)
        #expect(first.status == 0, "\(first.printed)")
        #expect(first.printed.last == "recorded walk of chapter(s) 1 in Chapters/proofs.txt")
        #expect(try ProofRecord.read(in: fixture.root).digests.keys.map(\.proof) == ["walk"])

        let unchanged = try walk(fixture)
        #expect(
            unchanged.printed.first == "walk: as proven in Chapters/proofs.txt, unchanged since: chapter(s) 1"
        )
        #expect(!unchanged.printed.contains { $0.hasPrefix("1.1 ") }, "no step is run")

        for (path, text) in [
            (
                "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
                "---\nkind: green\ntitle: Greet\n---\nWrite.\n"
            ),
            ("Sources/StageKit/Running/New.swift", "// a change to the tools\n"),
        ] {
            try fixture.write(path, text)
            let again = try walk(fixture)
            #expect(again.printed.contains { $0.hasPrefix("1.2 ") }, "after a change to \(path), 1.2 runs")
        }
        let otherToolchain = try walk(fixture, toolchain: "Swift version 6.4")
        #expect(otherToolchain.printed.contains { $0.hasPrefix("1.2 ") })
    }

    @Test(
        "A record that claims a pass for a chapter that fails is taken at its word by --changed, and caught without it (the canary, --all)"
    )
    func aLyingRecordIsCaughtByTheCanary() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()
        let chapter = try #require(workbook.chapter(1))
        // The seeded lie: a record of chapter 1's walk with the digest of the chapter as it is now.
        try ProofRecord.record(
            [
                ProofRecord.Key("walk", chapter: 1): ProofRecord.digest(
                    of: "walk", chapter: chapter, in: workbook, toolchain: "Swift version 6.3.1")
            ], in: fixture.root)

        let believed = try walk(fixture, runner: EverythingFailsRunner(), recording: false)
        #expect(believed.status == 0, "--changed proves only what changed: the lie holds")

        let canary = try walk(fixture, runner: EverythingFailsRunner(), changedOnly: false, recording: false)
        #expect(canary.status == 1)
        #expect(canary.printed.last?.hasPrefix("walk FAILED:") == true)
        #expect(canary.printed.last?.contains("1.2 (green)") == true, "\(canary.printed)")
    }

    @Test("A chapter that fails is not recorded, and a proof under a stand-in is a proof of its own")
    func failuresAreNotRecordedAndStandInsAreLanes() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let failed = try walk(fixture, runner: EverythingFailsRunner())
        #expect(failed.status == 1)
        #expect(failed.printed.last == "recorded no chapter in Chapters/proofs.txt: none passed")
        #expect(try ProofRecord.read(in: fixture.root) == ProofRecord())

        let swiftBuild = """
            Swift version 6.3.1 (swift-6.3.1-RELEASE)
            (through Tests/SwiftBuildToolchain: build and test use --build-system swiftbuild)
            """
        #expect(try walk(fixture, toolchain: swiftBuild).status == 0)
        #expect(try walk(fixture).status == 0)
        #expect(
            try ProofRecord.read(in: fixture.root).digests.keys.sorted().map(\.proof) == [
                "walk", "walk@SwiftBuildToolchain",
            ])
    }
}
