import Foundation
import Testing

@testable import Portability

@Suite("PortabilityCheck")
struct PortabilityCheckTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var path: String
        var code: String
        var rule: PortabilityRule?
        /// The line the finding names.
        var line = 1
        var testDescription: String { code.split(separator: "\n").first.map(String.init) ?? code }
    }

    static let caught: [Example] = [
        // The one that stopped the workbook building on a Mac (Backups.swift, before issue 19).
        Example(
            path: "Sources/StageKit/Backups.swift",
            code: "    static let formatter: DateFormatter = {\n        DateFormatter()\n    }()",
            rule: .sharedNonSendable),
        Example(
            path: "Sources/X/A.swift",
            code: "    private static let pattern = try? NSRegularExpression(pattern: \"a\")",
            rule: .sharedNonSendable),
        Example(
            path: "Tests/XTests/A.swift", code: "let numbers = NumberFormatter()", rule: .sharedNonSendable),
        Example(
            path: "Sources/X/A.swift",
            code: "    public static var cache: [String: ISO8601DateFormatter] = [:]",
            rule: .sharedNonSendable),
        Example(
            path: "Sources/X/A.swift", code: "#if os(Linux)\n    let x = 1\n#else\n    let x = 2\n#endif",
            rule: .platformBranch),
        Example(
            path: "Tests/XTests/A.swift",
            code: "#if canImport(Glibc)\n    func stop() { Glibc.exit(0) }\n#endif",
            rule: .platformBranch),
        Example(
            path: "Sources/Chapter02InjectedFetcher/Server.swift", code: "    let server = Process()",
            rule: .processInAppCode),
        Example(
            path: "Chapters/02-injected-fetcher/stages/03-x/Sources/Chapter02InjectedFetcher/A.swift",
            code: "    let child: Foundation.Process", rule: .processInAppCode),
        Example(
            path: "Tests/Chapter02InjectedFetcherTests/Helpers/Server.swift",
            code: "        let server = Process()",
            rule: .processInAppCode),
        Example(
            path: "Sources/X/A.swift",
            code:
                "    func load() async throws {\n        let done = DispatchSemaphore(value: 0)\n        done.wait()\n    }",
            rule: .unavailableFromAsync, line: 3),
        Example(
            path: "Tests/XTests/A.swift",
            code: "    let group = DispatchGroup()\n    Task {\n        group.wait()\n    }",
            rule: .unavailableFromAsync, line: 3),
        Example(
            path: "Sources/X/A.swift",
            code: "func onMain(\n    _ value: Int\n) async -> Bool {\n    Thread.isMainThread\n}",
            rule: .unavailableFromAsync, line: 4),
        Example(
            path: "Sources/X/A.swift",
            code:
                "Task.detached(priority: .high) {\n    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 1)\n}",
            rule: .unavailableFromAsync, line: 2),
        Example(
            path: "Tests/XTests/A.swift", code: "    Task { @MainActor in print(Thread.isMainThread) }",
            rule: .unavailableFromAsync),
    ]

    static let allowed: [Example] = [
        Example(path: "Sources/X/A.swift", code: "    static var pattern: NSRegularExpression? { nil }"),
        Example(
            path: "Sources/X/A.swift", code: "    func f() {\n        let formatter = DateFormatter()\n    }"),
        Example(path: "Sources/X/A.swift", code: "    // static let formatter = DateFormatter()"),
        Example(path: "Sources/X/A.swift", code: "    static let text = \"static let f = DateFormatter()\""),
        Example(path: "Sources/X/A.swift", code: "    static let style = Date.FormatStyle.dateTime"),
        Example(
            path: "Sources/X/A.swift",
            code:
                "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Darwin)\n    import Darwin\n#endif"
        ),
        Example(path: "Sources/ChildProcesses/A.swift", code: "#if os(Linux)\n    let x = 1\n#endif"),
        Example(
            path: "Tests/Chapter02InjectedFetcherTests/A.swift", code: "    let x = ProcessInfo.processInfo"),
        Example(path: "Sources/StageKit/A.swift", code: "    let child = Process()"),
        Example(path: "Tests/StageKitTests/A.swift", code: "    let child = Process()"),
        Example(
            path: "Sources/X/A.swift",
            code:
                "    func load() throws {\n        let done = DispatchSemaphore(value: 0)\n        done.wait()\n    }"
        ),
        Example(
            path: "Sources/X/A.swift",
            code: "func run(_ body: () async -> Void) -> Bool {\n    Thread.isMainThread\n}"),
        Example(
            path: "Sources/X/A.swift",
            code: "func start() async {}\nfunc check() -> Bool {\n    Thread.isMainThread\n}"),
        Example(
            path: "Sources/X/A.swift",
            code:
                "func start() async {\n    let gate = DispatchSemaphore(value: 0)\n    Thread {\n        gate.wait()\n    }.start()\n}"
        ),
        Example(
            path: "Sources/X/A.swift",
            code:
                "protocol Loading {\n    func load() async\n}\nstruct Probe {\n    let onMain = Thread.isMainThread\n}"
        ),
        Example(
            path: "Sources/X/A.swift",
            code: "func f() async {\n    // Thread.isMainThread is wrong here\n    print(\"done.wait()\")\n}"),
        Example(
            path: "Sources/X/A.swift",
            code: "func f() async {\n    let work = DispatchWorkItem {}\n    work.wait()\n}"),
    ]

    @Test("Each rule catches its example", arguments: caught)
    func catches(_ example: Example) {
        let findings = PortabilityCheck.check(example.path, example.code)

        #expect(findings.map(\.rule) == [example.rule].compactMap { $0 })
        #expect(findings.first?.line == example.line)
    }

    @Test("Code that is portable, or in a place allowed to differ, is left alone", arguments: allowed)
    func leavesAlone(_ example: Example) {
        #expect(PortabilityCheck.check(example.path, example.code).isEmpty)
    }

    @Test("A finding names the file, the line, the rule and what to do")
    func findingReads() {
        let finding = PortabilityCheck.check("Sources/X/A.swift", "\n    static let f = DateFormatter()")

        #expect(
            finding.map(\.description) == [
                "Sources/X/A.swift:2: shared-non-sendable: Apple's Foundation does not make this type Sendable,"
                    + " so Swift 6 refuses a shared one on a Mac: make it where it is used, or use a Sendable"
                    + " value (Date.FormatStyle, Calendar). (    static let f = DateFormatter())"
            ])
    }

    @Test("The workbook's own Swift files fall into none of the traps")
    func workbookIsPortable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        let findings = try PortabilityCheck.check(root: root)

        #expect(findings.map(\.description) == [])
    }
}
