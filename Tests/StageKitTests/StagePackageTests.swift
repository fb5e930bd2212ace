import Testing

@testable import StageKit

@Suite("StagePackage")
struct StagePackageTests {
    @Test("A stage's manifest holds its chapter's library and tests, and nothing else")
    func manifestHoldsTheChapterAlone() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let chapter = try #require(try fixture.load().chapter(1))

        let manifest = StagePackage.manifest(for: chapter)

        #expect(
            manifest.contains("products: [.library(name: \"Chapter01Demo\", targets: [\"Chapter01Demo\"])]"))
        #expect(
            manifest.contains(".testTarget(name: \"Chapter01DemoTests\", dependencies: [\"Chapter01Demo\"]),")
        )
        #expect(!manifest.contains("resources"))
    }

    @Test("A chapter's test resources are copied into its test target")
    func testResourcesAreCopied() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\ntest-resources: Fixtures\n---\nText")
        let chapter = try #require(try fixture.load().chapter(1))

        let manifest = StagePackage.manifest(for: chapter)

        #expect(
            manifest.contains(
                ".testTarget(name: \"Chapter01DemoTests\", dependencies: [\"Chapter01Demo\"], resources: [.copy(\"Fixtures\")]),"
            ))
    }

    @Test("A test resource that is not a folder name is rejected")
    func badTestResourceIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\ntest-resources: ../Fixtures\n---\nText")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "Chapters/01-demo/chapter.md:4: 'test-resources' names a folder of the test target, like Fixtures,"
                + " not '../Fixtures'."
        }
    }
}
