import Testing

@testable import StepRunning

/// What SwiftPM's Swift Build (its build system from Swift 6.4; `--build-system swiftbuild` in 6.3)
/// prints besides the compiler's and the linker's words: lines of its own about the tasks that failed,
/// and a prefix naming the manifest and the target. They are no error of the learner's.
@Suite("CompilerOutputParser, under Swift Build", .offThePool)
struct CompilerOutputParserSwiftBuildTests {
    @Test("A compile error is the compiler's alone, without Swift Build's lines about the task")
    func compileErrorIsTheCompilers() {
        // What `swift build --build-tests --build-system swiftbuild` printed (Swift 6.3.1, Linux),
        // its long command lines cut short.
        let output = """
            Building for debugging...
            Pre-planning 1 / 183
            Planning deferred tasks
            /tmp/p/Sources/M/Bad.swift:1:35: error: cannot convert return expression of type 'String' to return type 'Int'
            public func bad() -> Int { return "x" }
                                              ^~~
            error: SwiftCompile normal x86_64 /tmp/p/Sources/M/Bad.swift failed with a nonzero exit code. Command line:     cd /tmp

            Failed frontend command:
            /opt/swift/usr/bin/swift-frontend -frontend -c -primary-file /tmp/p/Sources/M/Bad.swift
            error: Build failed
            """
        let diagnostics = CompilerOutputParser.diagnostics(in: output)
        #expect(diagnostics.map(\.file) == ["/tmp/p/Sources/M/Bad.swift"])
        #expect(diagnostics.map(\.line) == [1])
    }

    @Test("A link failure is the linker's lines, without the manifest's prefix or Swift Build's own")
    func linkFailureIsTheLinkers() {
        let output = """
            /tmp/p/Package.swift: M: clang: warning: argument unused during compilation: '-rdynamic' [-Wunused-command-line-argument]
            error: link command failed with exit code 1 (use -v to see invocation)
            /tmp/p/Package.swift: MTests-test-runner: /tmp/p/.build/out/Products/Debug-linux/MTests.so: error: undefined reference to 'nowhere'
            /tmp/p/Package.swift: MTests-test-runner: clang: error: linker command failed with exit code 1 (use -v to see invocation)
            error: Ld /tmp/p/.build/out/Products/Debug-linux/MTests-test-runner normal failed with a nonzero exit code. Command line:     cd /tmp/p
            error: SwiftCompile normal x86_64 /tmp/p/.build/out/Intermediates.noindex/M.build/Debug-linux/WorkbookChecks-test-runner.build/DerivedSources/test_entry_point.swift failed with a nonzero exit code. Command line:     cd /tmp
            error: SwiftDriver Compilation WorkbookChecks normal x86_64 com.apple.xcode.tools.swift.compiler failed with a nonzero exit code
            error: Build failed
            """
        #expect(
            CompilerOutputParser.diagnostics(in: output).map(\.message) == [
                "link command failed with exit code 1 (use -v to see invocation)",
                "/tmp/p/.build/out/Products/Debug-linux/MTests.so: error: undefined reference to 'nowhere'",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
            ])
    }

    @Test("Swift Build's warning against the manifest is no warning of the code")
    func manifestWarningIsNotTheCodes() {
        let output = """
            /tmp/p/Package.swift: M: clang: warning: argument unused during compilation: '-rdynamic' [-Wunused-command-line-argument]
            /tmp/p/Sources/M/G.swift:1:61: warning: initialization of immutable value 'unused' was never used
            Build complete! (8.85 secs)
            """
        #expect(CompilerOutputParser.diagnostics(in: output).map(\.line) == [1])
    }
}
