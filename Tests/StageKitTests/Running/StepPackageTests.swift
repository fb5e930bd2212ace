import Testing

@testable import StepRunning
@testable import WorkbookModel

@Suite("StepPackage", .offThePool)
struct StepPackageTests {
    @Test("A step's manifest holds its chapter's library and tests, and nothing else")
    func manifestHoldsTheChapterAlone() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let chapter = try #require(try fixture.load().chapter(1))

        let manifest = StepPackage.manifest(for: chapter)

        #expect(
            manifest.contains("products: [.library(name: \"Chapter01Demo\", targets: [\"Chapter01Demo\"])]"))
        #expect(
            manifest.contains(".testTarget(name: \"Chapter01DemoTests\", dependencies: [\"Chapter01Demo\"]),")
        )
        #expect(!manifest.contains("resources"))
        #expect(!manifest.contains("swiftSettings"))
    }

    @Test("A chapter's test resources are copied into its test target")
    func testResourcesAreCopied() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\ntest-resources: Fixtures\n---\nText")
        let chapter = try #require(try fixture.load().chapter(1))

        let manifest = StepPackage.manifest(for: chapter)

        #expect(
            manifest.contains(
                ".testTarget(name: \"Chapter01DemoTests\", dependencies: [\"Chapter01Demo\"], resources: [.copy(\"Fixtures\")]),"
            ))
    }

    @Test("An app target chapter's library, and not its tests, is built with an app's isolation defaults")
    func appTargetSettings() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md",
            "---\ntitle: Demo\nmodule: Chapter01Demo\nbuild: app target\n---\nText")
        let chapter = try #require(try fixture.load().chapter(1))

        let manifest = StepPackage.manifest(for: chapter, workbookChecks: true)

        #expect(
            manifest.contains(
                ".target(name: \"Chapter01Demo\", swiftSettings: [.defaultIsolation(MainActor.self),"
                    + " .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\"),"
                    + " .enableUpcomingFeature(\"InferIsolatedConformances\")]),"))
        #expect(manifest.components(separatedBy: "swiftSettings").count == 2)
    }

    @Test("The workbook's Package.swift builds each chapter as its chapter.md says, with the same settings")
    func packageManifestAgrees() throws {
        let manifest = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = manifest.components(separatedBy: "\n")

        for setting in Chapter.appTargetSettings.dropFirst().dropLast().components(separatedBy: ", ") {
            #expect(manifest.contains(setting), "Package.swift's appTarget lacks \(setting)")
        }
        for chapter in try WorkbookLoader.load(root: repositoryRoot).chapters {
            let entry = try #require(lines.first { $0.contains("(\"\(chapter.module)\",") })
            #expect(entry.contains("appTarget") == chapter.buildsAsAppTarget, "\(entry)")
        }
    }

    @Test("A build other than a library or an app target is rejected")
    func badBuildIsRejected() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "Chapters/01-demo/chapter.md", "---\ntitle: Demo\nmodule: Chapter01Demo\nbuild: app\n---\nText")

        #expect {
            try fixture.load()
        } throws: { error in
            "\(error)"
                == "Chapters/01-demo/chapter.md:4: 'build' is 'library' or 'app target' (main-actor isolation by"
                + " default), not 'app'."
        }
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

@Suite("SwiftLiteral", .offThePool)
struct SwiftLiteralTests {
    @Test(
        "Text becomes a literal that holds it whole, whatever it holds",
        arguments: [
            ("Chapter01Demo", #""Chapter01Demo""#),
            ("say \"hi\" \\ bye", #""say \"hi\" \\ bye""#),
            ("title\rlet x = 1", #""title\u{D}let x = 1""#),
            ("a\nb\u{2028}c\u{2029}d\u{85}e", #""a\u{A}b\u{2028}c\u{2029}d\u{85}e""#),
            ("left\u{202E}right\u{0}", #""left\u{202E}right\u{0}""#),
            ("Café 🐶", #""Café 🐶""#),
        ])
    func literal(text: String, expected: String) {
        #expect(SwiftLiteral.string(text) == expected)
    }

    @Test("A step's manifest names a chapter by literals only, and its title not at all")
    func manifestPastesNoText() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        var chapter = try #require(try fixture.load().chapter(1))
        chapter.title = "Demo\rprint(\"ran\")"

        let manifest = StepPackage.manifest(for: chapter, workbookChecks: true)

        #expect(!manifest.contains("\r"))
        #expect(!manifest.contains("print("))
        #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n// Chapter 1 of the workbook"))
        #expect(manifest.contains("platforms: [.macOS(.v15)],"))
    }
}
