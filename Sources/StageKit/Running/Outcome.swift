import WorkbookModel

/// A compiler diagnostic: where it is and what it says.
package struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    package typealias Severity = DiagnosticSeverity

    package var file: String?
    package var line: Int?
    var column: Int?
    package var severity: Severity
    package var message: String
    /// What the compiler adds under it to explain it: "sending 'sut' to main actor-isolated …".
    var notes: [String]

    init(
        file: String?, line: Int?, column: Int?, severity: Severity, message: String, notes: [String] = []
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.notes = notes
    }

    /// The identifiers it names in quotes, in its message and its notes: what it is about, in any
    /// toolchain's words.
    package var names: [String] {
        ([message] + notes).flatMap { Names.quoted(in: $0) }.reduce(into: []) { names, name in
            if !names.contains(name) { names.append(name) }
        }
    }

    /// The same diagnostic, whatever notes each has gathered: the compiler prints each one twice.
    func sameDiagnostic(as other: Diagnostic) -> Bool {
        file == other.file && line == other.line && column == other.column && severity == other.severity
            && message == other.message
    }

    /// The file's name alone, as a learner recognises it.
    package var fileName: String? { file.map { String($0.split(separator: "/").last ?? Substring($0)) } }

    /// Whether it is in code a macro wrote: the compiler names the place `macro expansion @Suite`, or
    /// (in LLVM's style) a file `@__swiftmacro_….swift`.
    package var isInMacroExpansion: Bool {
        guard let file else { return false }
        return file.hasPrefix("macro expansion ") || file.contains("@__swiftmacro_")
    }

    /// "File.swift:12:5: error: message", with each note on a line of its own below it.
    package var description: String {
        var place = fileName ?? ""
        if let line, let column { place += ":\(line):\(column)" }
        let head =
            place.isEmpty ? "\(severity.rawValue): \(message)" : "\(place): \(severity.rawValue): \(message)"
        return ([head] + notes.map { "    note: \($0)" }).joined(separator: "\n")
    }
}

/// What one test reported: a failure's message and where it was recorded.
package struct TestIssue: Equatable, Sendable, CustomStringConvertible {
    package var message: String
    var details: [String]
    package var file: String?
    package var line: Int?
    /// Whether the test threw an error here, rather than an expectation, a requirement or a
    /// confirmation failing: the stream says so apart from its words.
    package var isThrownError: Bool

    init(
        message: String, details: [String] = [], file: String? = nil, line: Int? = nil,
        isThrownError: Bool = false
    ) {
        self.message = message
        self.details = details
        self.file = file
        self.line = line
        self.isThrownError = isThrownError
    }

    var location: String {
        guard let file else { return "" }
        return line.map { "\(file):\($0)" } ?? file
    }

    /// Whether a step's `message:` names this issue: a fragment of its message, or one of its details.
    package func mentions(_ message: String) -> Bool {
        self.message.contains(message) || details.contains(message)
    }

    /// The message, and in brackets its details: what the test's author said with it, as the comment
    /// of an `Issue.record` or an `#expect`.
    package var said: String {
        details.isEmpty ? message : "\(message) (\(details.joined(separator: "; ")))"
    }

    /// "File.swift:12: " and what was said, or without the place when it was recorded nowhere in
    /// particular.
    package var description: String { location.isEmpty ? said : "\(location): \(said)" }
}

/// One test function and how it ended.
package struct TestResult: Equatable, Sendable {
    package enum Status: String, Sendable { case passed, failed, skipped, unfinished }

    /// The test's id without its source location: "Module.Suite/Nested/function()".
    package var id: String
    var displayName: String?
    package var status: Status
    package var issues: [TestIssue]

    init(id: String, displayName: String? = nil, status: Status, issues: [TestIssue] = []) {
        self.id = id
        self.displayName = displayName
        self.status = status
        self.issues = issues
    }

    /// The function's name: "getTopAppsCallsItsCompletionExactlyOnce()".
    package var name: String { String(id.split(separator: "/").last ?? Substring(id)) }

    /// The issues that none of these `message:` fragments names.
    package func issues(mentionedByNone messages: [String]) -> [TestIssue] {
        issues.filter { issue in !messages.contains { issue.mentions($0) } }
    }
}

/// What a Swift Testing run reported, from its event stream.
package struct TestRun: Equatable, Sendable {
    package var tests: [TestResult]
    /// False when the stream stopped before the run's end: the process crashed.
    package var finished: Bool
    /// When it crashed, the last lines the test process printed: the trap's message is among them.
    package var crashReport: [String]

    init(tests: [TestResult], finished: Bool, crashReport: [String] = []) {
        self.tests = tests
        self.finished = finished
        self.crashReport = crashReport
    }

    package var failed: [TestResult] { tests.filter { $0.status == .failed } }
    package var passed: [TestResult] { tests.filter { $0.status == .passed } }
    package var unfinished: [TestResult] { tests.filter { $0.status == .unfinished } }
}

/// What building and testing a step showed.
package enum Outcome: Equatable, Sendable {
    /// The build failed: its errors, and any warnings it printed beside them.
    case compileError([Diagnostic])
    /// It built (with these warnings) and its tests ran.
    case tested(TestRun, warnings: [Diagnostic])
    /// The build or the tests ran past their time limit; `unfinished` names the tests still running.
    case timedOut(what: String, seconds: Int, unfinished: [String])

    /// The warnings the build printed.
    package var warnings: [Diagnostic] {
        switch self {
        case .compileError(let diagnostics): diagnostics.filter { $0.severity == .warning }
        case .tested(_, let warnings): warnings
        case .timedOut: []
        }
    }

    package var summary: String {
        switch self {
        case .compileError(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            return errors.count == 1 ? "compile error" : "compile error (\(errors.count))"
        case .tested(let run, _):
            if !run.finished { return "crashed" }
            if run.tests.isEmpty { return "no tests ran" }
            if run.failed.isEmpty { return "all pass (\(run.passed.count))" }
            return run.failed.count == 1 ? "1 test fails" : "\(run.failed.count) tests fail"
        case .timedOut(let what, let seconds, _):
            return "\(what) timed out after \(seconds) s"
        }
    }
}
