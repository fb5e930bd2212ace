import ChildProcesses
import Foundation
import Testing

@testable import StepRunning
@testable import WorkbookModel

@Suite("A toolchain's Swift version, read from what 'swift --version' prints", .offThePool)
struct SwiftVersionTests {
    @Test(
        "The number after 'Swift version ' is read, whatever is around it",
        arguments: [
            (
                "Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)\nTarget: arm64-apple-macosx26.0",
                "6.2"
            ),
            (
                "swift-driver version: 1.127.14.1 Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)\n"
                    + "Target: x86_64-apple-macosx15.0", "6.2"
            ),
            ("Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n", "6.3"),
            ("Swift version 6.4-dev (LLVM 0123, Swift 4567)", "6.4"),
            ("Apple Swift version 5.10 (swiftlang-5.10.0.13 clang-1500.3.9.4)", "5.10"),
        ])
    func readsTheVersion(printed: String, version: String) {
        #expect(SwiftVersion(versionOutput: printed)?.description == version)
    }

    @Test(
        "What names no version is none",
        arguments: [
            "", "zsh: command not found: swift", "Swift version 6", "swift-driver version: 1.127.14.1",
        ])
    func readsNoVersion(printed: String) {
        #expect(SwiftVersion(versionOutput: printed) == nil)
    }

    @Test("6.2 and later are enough, counted as numbers: 6.10 is later than 6.9, 5.10 earlier than 6.2")
    func comparesAsNumbers() {
        #expect(SwiftVersion(major: 6, minor: 2) >= SwiftVersion.oldest)
        #expect(SwiftVersion(major: 6, minor: 10) > SwiftVersion(major: 6, minor: 9))
        #expect(SwiftVersion(major: 5, minor: 10) < SwiftVersion.oldest)
        #expect(SwiftVersion(major: 6, minor: 1) < SwiftVersion.oldest)
    }
}

@Suite("What 'swift --version' and 'swift build --show-bin-path' answered, or that they did not")
struct ToolchainAnswerTests {
    let swift = URL(fileURLWithPath: "/usr/bin/swift")

    @Test("A 'swift --version' stopped at its limit did not answer, in so many seconds: no version is read")
    func stoppedAtItsLimitIsNoAnswer() {
        let error = #expect(throws: StageKitError.self) {
            try SwiftVersion.answer(of: ChildProcess.Result(termination: .timedOut, output: ""), swift: swift)
        }
        #expect(error == .noAnswer(command: "/usr/bin/swift --version", seconds: Int(SwiftVersion.askLimit)))
        #expect(SwiftVersion.askLimit == 10)
    }

    @Test("What it printed is its answer")
    func printedIsTheAnswer() throws {
        let result = ChildProcess.Result(termination: .exited(0), output: "Swift version 6.3.1\n")
        #expect(try SwiftVersion.answer(of: result, swift: swift) == "Swift version 6.3.1\n")
    }

    @Test("A 'swift build --show-bin-path' stopped at its limit did not answer, in so many seconds")
    func aLayoutStoppedAtItsLimitIsNoAnswer() {
        let error = #expect(throws: StageKitError.self) {
            try BuildLayout.answer(
                of: ChildProcess.Result(termination: .timedOut, output: "/x/.build/debug\n"), swift: swift)
        }
        #expect(
            error?.description
                == "'/usr/bin/swift build --show-bin-path' did not answer in \(Int(BuildLayout.askLimit)) s.")
    }
}
