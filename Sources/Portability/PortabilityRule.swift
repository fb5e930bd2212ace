/// The traps of code written on Linux that must also build and behave on Apple's platforms, each a
/// rule the check applies to the workbook's Swift files. `Chapters/PORTABILITY.md` says where each
/// difference was confirmed.
package enum PortabilityRule: String, CaseIterable, Sendable {
    /// A `static` or global constant or variable of a Foundation type that Linux's Foundation marks
    /// `Sendable` and Apple's does not: Swift 6 refuses it on a Mac only.
    case sharedNonSendable = "shared-non-sendable"
    /// `#if os(…)`, `#if canImport(Glibc)` and their kind outside the few files that talk to the
    /// system: code that differs per platform is code that one platform never builds here.
    case platformBranch = "platform-branch"
    /// Foundation's `Process` in a chapter's code or tests, which a learner copies into an app and its
    /// tests: iOS has no `Process`.
    case processInAppCode = "process-in-app-code"
    /// `DispatchSemaphore.wait`, `DispatchGroup.wait` or `Thread.isMainThread` in an `async` function or
    /// a `Task`'s closure: Apple's SDK makes them unavailable from asynchronous contexts, Linux's does not.
    case unavailableFromAsync = "unavailable-from-async"

    /// Types that Linux's Foundation marks `Sendable` and Apple's does not, or not in every SDK a
    /// learner may build with (PORTABILITY.md names the sources, and the unconfirmed ones).
    package static let linuxOnlySendable: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter", "MeasurementFormatter", "ByteCountFormatter",
        "PersonNameComponentsFormatter", "RelativeDateTimeFormatter", "ListFormatter",
        "NSRegularExpression", "NSDataDetector", "FileManager",
    ]

    /// The files allowed to branch on the platform beyond choosing what to import: the process
    /// boundary, the socket calls, and the one place the test runner differs.
    package static let platformBranchPlaces: [String] = [
        "Sources/ChildProcesses/",
        "Sources/LoopbackServer/Sockets.swift",
        "Sources/StageKit/Running/SwiftPMStepRunner+Tests.swift",
    ]

    /// What a finding of this rule says to the author.
    package var advice: String {
        switch self {
        case .sharedNonSendable:
            return "Apple's Foundation does not make this type Sendable, so Swift 6 refuses a shared one on"
                + " a Mac: make it where it is used, or use a Sendable value (Date.FormatStyle, Calendar)"
        case .platformBranch:
            return "a platform branch outside the places that talk to the system"
                + " (PortabilityRule.platformBranchPlaces): write the code once for both platforms"
        case .processInAppCode:
            return "a chapter's code and tests are copied into apps and their tests, and iOS has no Process"
        case .unavailableFromAsync:
            return
                "Apple's SDK makes this unavailable from asynchronous contexts, so Swift 6 refuses it here on"
                + " a Mac: await the work (a Task's value, a task group) instead of blocking, and ask"
                + " for the main actor (MainActor.assertIsolated()), not the main thread"
        }
    }
}

/// One place a rule is broken.
package struct PortabilityFinding: Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var rule: PortabilityRule
    package var code: String

    package init(path: String, line: Int, rule: PortabilityRule, code: String) {
        self.path = path
        self.line = line
        self.rule = rule
        self.code = code
    }

    package var description: String {
        "\(path):\(line): \(rule.rawValue): \(rule.advice). (\(code))"
    }
}
