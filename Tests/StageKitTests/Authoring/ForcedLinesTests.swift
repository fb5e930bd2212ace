import Foundation
import Synchronization
import Testing

@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookModel

/// A runner that builds nothing: the tests pass while the greeter's file still has what they call.
struct GreeterRunner: WalkRunner {
    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        let source = String(decoding: package.files[WorkbookFixture.sourcePath] ?? Data(), as: UTF8.self)
        guard source.contains("public init()") else { return .greetingMissing }
        return source.contains("\"Hello, \\(name)!\"") ? .allPass : .greetingFails
    }
}

@Suite("run-stages --forced", .offThePool)
struct ForcedLinesTests {
    static func check(_ fixture: WorkbookFixture, runner: any StepRunner = GreeterRunner()) throws -> (
        report: ForcedReport, printed: [String]
    ) {
        var printed: [String] = []
        let forced = ForcedLines(
            workbook: try fixture.load(), runner: runner, print: { printed.append($0) })
        return (try forced.run(WalkSelection()), printed)
    }

    static func addUnneededMember(to fixture: WorkbookFixture, header: [String] = []) throws {
        let source = WorkbookFixture.sourceFile.replacingOccurrences(
            of: "    public init() {}\n", with: "    public init() {}\n\n    public var politeness = 1\n")
        try fixture.write("\(WorkbookFixture.stagesPath)/02-greet/\(WorkbookFixture.sourcePath)", source)
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
            "---\n" + (["kind: green", "title: Greet"] + header).joined(separator: "\n")
                + "\n---\nWrite it.\n")
    }

    @Test("Each change of a green step that a test needs passes, and only green steps are taken apart")
    func neededChangesPass() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (report, printed) = try Self.check(fixture)

        #expect(report.passed)
        #expect(
            report.checked.map(\.change.firstCode) == [
                "public init() {}", "public func greeting(for name: String) -> String {",
            ])
        #expect(
            report.checked.map(\.forcing) == [
                .compileError, .failingTests(["Chapter01DemoTests.greetsByName()"]),
            ])
        #expect(
            printed.last == "forced lines passed: every change is needed by a test or says why it is there.")
    }

    @Test("A member no test needs fails the check, named with its step and its place")
    func unneededMemberFails() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try Self.addUnneededMember(to: fixture)

        let (report, printed) = try Self.check(fixture)

        #expect(!report.passed)
        let unneeded = try #require(report.checked.first { $0.forcing == .nothing })
        #expect(unneeded.change.firstCode == "public var politeness = 1")
        #expect(printed.contains("1.2  Greeter.swift:4  public var politeness = 1  NOT FORCED"))
        #expect(printed.last == "forced lines FAILED: 1 problem(s) above.")
    }

    @Test("An unneeded change named with `unforced:` and its reason passes, and the reason is shown")
    func namedChangePasses() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try Self.addUnneededMember(
            to: fixture, header: ["unforced: `public var politeness` chapter 2 asks for it"])

        let (report, printed) = try Self.check(fixture)

        #expect(report.passed)
        #expect(printed.contains { $0.hasSuffix("unforced, for a reason: chapter 2 asks for it") })
    }

    @Test("A reason on a change a test needs, or on no change at all, fails the check")
    func wrongReasonsFail() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try Self.addUnneededMember(
            to: fixture,
            header: [
                "unforced: `public var politeness` asked later",
                "unforced: `public func greeting(for` no test calls it",
                "unforced: `farewell` no test calls it",
            ])

        let (report, printed) = try Self.check(fixture)

        #expect(!report.passed)
        #expect(report.stepProblems.count == 1)
        #expect(printed.contains { $0.contains("`unforced: `public func greeting(for`` says none does") })
        #expect(printed.contains("step 1.2: `unforced: `farewell`` names no change of the step's code"))
    }

    @Test("An `unforced:` line is a fragment between backticks and then a reason, on a green step only")
    func unforcedLinesAreRead() throws {
        #expect(
            UnforcedChange(field: "`[weak self]` a later step tests it")
                == .init(fragment: "[weak self]", reason: "a later step tests it"))
        #expect(UnforcedChange(field: "[weak self] a later step") == nil)
        #expect(UnforcedChange(field: "`[weak self]`") == nil)
        #expect(UnforcedChange(field: "`` why") == nil)

        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/02-greet/stage.md",
            stageHeader("kind: green", "title: Greet", "unforced: no backticks"))
        #expect(throws: StageKitError.self) { try fixture.load() }
    }

    @Test(
        "--record writes each chapter that passed; --changed then takes apart only a chapter whose packages changed"
    )
    func recordSkipsWhatItProved() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        var printed: [String] = []
        func run(changedOnly: Bool, toolchain: String = "Swift 6.3.1") throws -> Int32 {
            printed = []
            let forced = ForcedLines(
                workbook: try fixture.load(), runner: GreeterRunner(), print: { printed.append($0) })
            return try forced.run(
                WalkSelection(), changedOnly: changedOnly, recording: true, toolchain: toolchain)
        }

        #expect(try run(changedOnly: true) == 0)
        #expect(printed.last == "recorded forced of chapter(s) 1 in Chapters/proofs.txt")
        let record = try ProofRecord.read(in: fixture.root)
        #expect(record.digests.keys.sorted() == [ProofRecord.Key("forced", chapter: 1)])

        #expect(try run(changedOnly: true) == 0)
        #expect(printed.last == "forced lines passed: no chosen chapter changed since its proof.")

        #expect(try run(changedOnly: true, toolchain: "Swift 6.4") == 0)
        #expect(printed.contains { $0.hasPrefix("1.2  Greeter.swift:2  public init() {}  forced") })
        let proven = try ProofRecord.read(in: fixture.root)
        #expect(proven != record)

        try Self.addUnneededMember(to: fixture)
        #expect(try run(changedOnly: true, toolchain: "Swift 6.4") == 1)
        #expect(printed.contains { $0.hasSuffix("public var politeness = 1  NOT FORCED") })
        #expect(printed.last == "recorded no chapter in Chapters/proofs.txt: none passed")
        #expect(try ProofRecord.read(in: fixture.root) == proven, "a chapter that failed is not recorded")
    }

    @Test("A damaged record is refused with its line, and no record is an empty one")
    func damagedRecordIsRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        #expect(try ProofRecord.read(in: fixture.root) == ProofRecord())

        try fixture.write(ProofRecord.path, "# a comment\nforced 1 0123456789abcdef\nforced 2 not-a-digest\n")
        let error = try #require(throws: StageKitError.self) { try ProofRecord.read(in: fixture.root) }
        guard case .malformed(let path, let line, _) = error else {
            Issue.record("a damaged record is malformed, not \(error)")
            return
        }
        #expect(path == ProofRecord.path)
        #expect(line == 3)
    }
}

/// A runner whose incremental build is stale once: the first run of each step as it is fails, as if one
/// of its changes were still taken back; a clean build answers as `GreeterRunner` does, or fails too.
final class StaleOnceRunner: WalkRunner {
    let cleanBuildFails: Bool
    private let ran = Mutex<Set<String>>([])
    private let cleanRuns = Mutex(0)
    var cleanRunCount: Int { cleanRuns.withLock { $0 } }

    init(cleanBuildFails: Bool = false) {
        self.cleanBuildFails = cleanBuildFails
    }

    func run(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        let answer = try GreeterRunner().run(package, of: chapter, stepID: stepID)
        let first = ran.withLock { $0.insert(stepID).inserted }
        return first && answer == .allPass ? .greetingFails : answer
    }

    func runClean(_ package: FileTree, of chapter: Chapter, stepID: String) throws(StageKitError) -> Outcome {
        cleanRuns.withLock { $0 += 1 }
        return cleanBuildFails
            ? .greetingFails : try GreeterRunner().run(package, of: chapter, stepID: stepID)
    }
}

@Suite("run-stages --forced, on a stale build", .offThePool)
struct ForcedLinesStaleBuildTests {
    @Test("A step that fails as it is is run again from a clean build, and judged by that")
    func aStaleStepIsJudgedByACleanBuild() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let runner = StaleOnceRunner()

        let (report, _) = try ForcedLinesTests.check(fixture, runner: runner)

        #expect(report.stepProblems.isEmpty)
        #expect(report.passed)
        #expect(runner.cleanRunCount == 1)
    }

    @Test("A step that fails from a clean build too fails the check, naming the step")
    func aStepThatFailsCleanFails() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }

        let (report, _) = try ForcedLinesTests.check(fixture, runner: StaleOnceRunner(cleanBuildFails: true))

        #expect(report.stepProblems.count == 1)
        #expect(report.stepProblems.first?.hasPrefix("step 1.2 does not pass as it is") == true)
    }
}
