import Testing

@testable import StepRunning

@Suite("CompilerOutputParser", .offThePool)
struct CompilerOutputParserTests {
    /// What `swift build --build-tests` printed for chapter 1's first red (Swift 6.3.1, Linux),
    /// snippets included: each error stands once on its own line and once under its snippet.
    static let firstRedOutput = """
        [0/1] Planning build
        Building for debugging...
        [3/13] Emitting module Chapter01SkeletonResourceTests
        /work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift:10:33: error: cannot find type 'AppStoreRessource' in scope
         8 |         @Test("A new resource is released as soon as nothing holds it")
         9 |         func newResourceIsReleasedWhenNothingHoldsIt() {
        10 |             weak var weakResource: AppStoreRessource?
           |                                    `- error: cannot find type 'AppStoreRessource' in scope
        /work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift:21:5: error: cannot find 'AppStoreRessource' in scope
        21 |     AppStoreRessource()
           |     `- error: cannot find 'AppStoreRessource' in scope
        [4/13] Compiling Chapter01SkeletonResourceTests AppStoreRessourceTests.swift
        /work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift:10:33: error: cannot find type 'AppStoreRessource' in scope
        /work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift:21:5: error: cannot find 'AppStoreRessource' in scope
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """

    @Test("Errors are read with file, line and column, each once, without SwiftPM's summary lines")
    func errorsAreReadOnceWithLocations() {
        let diagnostics = CompilerOutputParser.diagnostics(in: Self.firstRedOutput)

        #expect(
            diagnostics == [
                Diagnostic(
                    file: "/work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift",
                    line: 10,
                    column: 33, severity: .error, message: "cannot find type 'AppStoreRessource' in scope"),
                Diagnostic(
                    file: "/work/ws/Tests/Chapter01SkeletonResourceTests/AppStoreRessourceTests.swift",
                    line: 21,
                    column: 5, severity: .error, message: "cannot find 'AppStoreRessource' in scope"),
            ])
        #expect(
            diagnostics.first?.description == "AppStoreRessourceTests.swift:10:33: error: cannot find type"
                + " 'AppStoreRessource' in scope")
    }

    @Test("Warnings are read as warnings, with the compiler's group tag kept in the message")
    func warningsAreRead() {
        let output = """
            /tmp/p/Tests/T/T.swift:3:22: warning: initialization of variable 'unused' was never used [#no-usage]
            3 | @Test func x() { var unused = 1 }
              |                      `- warning: initialization of variable 'unused' was never used [#no-usage]
            """

        #expect(
            CompilerOutputParser.diagnostics(in: output) == [
                Diagnostic(
                    file: "/tmp/p/Tests/T/T.swift", line: 3, column: 22, severity: .warning,
                    message: "initialization of variable 'unused' was never used [#no-usage]")
            ])
    }

    @Test("A failed build with no located error is explained by its unlocated error lines")
    func unlocatedErrorsStandInWhenNothingIsLocated() {
        let output = """
            error: 'ws': Invalid manifest
            error: 'ws': Invalid manifest
            """

        #expect(
            CompilerOutputParser.diagnostics(in: output) == [
                Diagnostic(
                    file: nil, line: nil, column: nil, severity: .error, message: "'ws': Invalid manifest")
            ])
    }

    @Test("The notes drawn under an error are kept with it, once, and a macro's notes are left out")
    func notesAreKeptWithTheirError() {
        // As Swift 6.3.1 printed a region-isolation error, twice, and an #expect that always passes.
        let output = """
            /p/Sources/E/E.swift:6:19: error: sending 'box' risks causing data races [#SendingRisksDataRace]
            6 |     await counter.add(box)
              |                   |- error: sending 'box' risks causing data races [#SendingRisksDataRace]
              |                   `- note: sending 'box' to actor-isolated instance method 'add' risks causing data races
            7 |     box.n += 1
              |     `- note: access can happen concurrently
            /p/Tests/T/T.swift:10:17: warning: '#expect(_:_:)' will always pass here
            10 |         #expect(true)
               |                 `- note: '#expect(_:_:)' will always pass here (from macro 'expect')
            [3/9] Compiling E E.swift
            /p/Sources/E/E.swift:6:19: error: sending 'box' risks causing data races [#SendingRisksDataRace]
            6 |     await counter.add(box)
              |                   `- note: sending 'box' to actor-isolated instance method 'add' risks causing data races
            """

        let diagnostics = CompilerOutputParser.diagnostics(in: output)

        #expect(
            diagnostics.map(\.notes) == [
                [
                    "sending 'box' to actor-isolated instance method 'add' risks causing data races",
                    "access can happen concurrently",
                ],
                [],
            ])
        #expect(
            diagnostics.first?.description
                == "E.swift:6:19: error: sending 'box' risks causing data races [#SendingRisksDataRace]\n"
                + "    note: sending 'box' to actor-isolated instance method 'add' risks causing data races\n"
                + "    note: access can happen concurrently")
    }

    @Test("Errors inside a macro's expansion are left out beside an error in the code, kept when alone")
    func macroExpansionErrorsFollowTheCodesError() {
        // As Swift 6.3.1 printed a view model left off the main actor, shortened.
        let expansion = """
            macro expansion @Suite:17:26: error: '@const' value should be initialized with a compile-time value
            `- /p/Tests/T/T.swift:43:2: note: expanded code originates here
            10 | @Suite("DogsViewModel", .timeLimit(.minutes(1)))
               | `- note: in expansion of macro 'Suite' on struct 'DogsViewModelTests' here
               +--- macro expansion @Suite -----------------------------------------
               |17 | private nonisolated  let $s28Chapter05: Testing.__TestContentRecord = (
               |   |                          `- error: '@const' value should be initialized with a compile-time value
            macro expansion @Test:30:32: error: global variable must be a compile-time constant to use @section attribute
            """
        let output = """
            /p/Tests/T/T.swift:38:23: error: sending 'sut' risks causing data races [#SendingRisksDataRace]
            38 |             await sut.loadDogs()
               |                       `- note: sending main actor-isolated 'sut' to nonisolated instance method 'loadDogs()' risks causing data races between nonisolated and main actor-isolated uses

            """ + expansion

        #expect(
            CompilerOutputParser.diagnostics(in: output).map(\.description) == [
                "T.swift:38:23: error: sending 'sut' risks causing data races [#SendingRisksDataRace]\n"
                    + "    note: sending main actor-isolated 'sut' to nonisolated instance method 'loadDogs()'"
                    + " risks causing data races between nonisolated and main actor-isolated uses"
            ])
        #expect(
            CompilerOutputParser.diagnostics(in: expansion).map(\.fileName) == [
                "macro expansion @Suite", "macro expansion @Test",
            ])
    }

    @Test("A path with a colon in it is kept whole")
    func pathWithColonIsKeptWhole() {
        let diagnostics = CompilerOutputParser.diagnostics(in: "/tmp/a:b/F.swift:1:2: error: oops")

        #expect(diagnostics.map(\.file) == ["/tmp/a:b/F.swift"])
        #expect(diagnostics.map(\.line) == [1])
    }

    @Test("Progress lines and a clean build give no diagnostics")
    func cleanBuildGivesNone() {
        #expect(
            CompilerOutputParser.diagnostics(in: "Building for debugging...\nBuild complete! (0.5s)").isEmpty)
    }
}

@Suite("CompilerOutputParser, link errors", .offThePool)
struct CompilerOutputParserLinkErrorTests {
    @Test("A link failure is explained by the linker's own lines")
    func linkFailureIsExplainedByTheLinkersLines() {
        let output = """
            [12/14] Linking ChapterPackageTests.xctest
            /usr/bin/ld.gold: error: /tmp/p/.build/debug/M.build/A.swift.o: undefined reference to 'x'
            clang: error: linker command failed with exit code 1 (use -v to see invocation)
            error: link command failed with exit code 1 (use -v to see invocation)
            """

        #expect(
            CompilerOutputParser.diagnostics(in: output).map(\.message) == [
                "/usr/bin/ld.gold: error: /tmp/p/.build/debug/M.build/A.swift.o: undefined reference to 'x'",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
                "link command failed with exit code 1 (use -v to see invocation)",
            ])
    }
}
