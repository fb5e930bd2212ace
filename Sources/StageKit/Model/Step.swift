import Foundation

/// What a step of a chapter is: a failing test (red), the code that passes it (green), a change to
/// the code that keeps every test passing (refactor), or tests that pass at once, pinning what the
/// code already does (test).
package enum StepKind: String, Sendable, CaseIterable {
    case red, green, refactor, test

    package var symbol: String {
        switch self {
        case .red: "🔴"
        case .green: "🟢"
        case .refactor: "♻️"
        case .test: "📌"
        }
    }

    // What each kind needs is said by switches with no `default:`: a new kind does not compile until
    // every place that decides by a step's kind has decided for it.

    /// Whether the step's run fails as the step expects (a compile error, failing tests, a crash): a
    /// red step, which needs an `expect:` line. A chapter does not end on one; every other kind passes.
    package var fails: Bool {
        switch self {
        case .red: true
        case .green, .refactor, .test: false
        }
    }

    /// Whether the step's code is the learner's to write, their own way (a green or a refactor): the
    /// chapter's text folds the workbook's code, and an alternative may stand for it. A red or a pin
    /// step gives its tests to read.
    package var isLearnersCode: Bool {
        switch self {
        case .green, .refactor: true
        case .red, .test: false
        }
    }

    /// Whether the step's code is forced by the failing test before it (a green): what it writes
    /// beyond that is `unforced`, and the walk checks that each line is needed.
    package var isForced: Bool {
        switch self {
        case .green: true
        case .red, .refactor, .test: false
        }
    }
}

/// How bad a compiler diagnostic is.
package enum DiagnosticSeverity: String, Sendable { case error, warning }

/// A compiler error a step expects: its message (a fragment of it) and, optionally, the file it is in.
/// A `diagnostic:` line names an error the learner must see. A `follow-up:` line names an error, and a
/// `warning:` line a warning, that the compiler may give as a consequence of those errors, in words
/// that can differ between toolchains and platforms: allowed, not required.
package struct DiagnosticExpectation: Equatable, Sendable {
    package var file: String?
    package var message: String
    package var severity: DiagnosticSeverity
    package var isRequired: Bool

    init(
        file: String? = nil, message: String, severity: DiagnosticSeverity = .error, isRequired: Bool = true
    ) {
        self.file = file
        self.message = message
        self.severity = severity
        self.isRequired = isRequired && severity == .error
    }
}

/// A test a step expects to fail, by its name ("getTopAppsCallsItsCompletionExactlyOnce()" or with
/// its suites before it), and a fragment of the failure's message.
package struct FailureExpectation: Equatable, Sendable {
    package var test: String
    package var message: String?

    init(test: String, message: String? = nil) {
        self.test = test
        self.message = message
    }

    /// Whether `name` says where the function is: "Suite/function()", or "Module.function()" for a test
    /// outside any suite. A bare "function()" would match that function in every suite.
    static func namesItsSuite(_ name: String) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty }) else { return false }
        return components.count >= 2 || (name.split(separator: "(").first?.contains(".") ?? false)
    }
}

extension [FailureExpectation] {
    /// The tests named, once each and in order, with the messages given for each: a test whose
    /// expectations fail in two places is named by two `failing:` lines, each with its `message:`.
    package var byTest: [(test: String, messages: [String])] {
        var order: [String] = []
        var messages: [String: [String]] = [:]
        for expectation in self {
            if messages[expectation.test] == nil { order.append(expectation.test) }
            messages[expectation.test, default: []] += expectation.message.map { [$0] } ?? []
        }
        return order.map { ($0, messages[$0] ?? []) }
    }
}

/// What running a step must show.
package enum StepExpectation: Equatable, Sendable {
    /// The package does not compile, and every error is one of these.
    case compileError([DiagnosticExpectation])
    /// It compiles, and exactly these tests fail, each with its message.
    case testFailure([FailureExpectation])
    /// It compiles, and the test process stops (a trap: a precondition, a recursive lock) while this
    /// test runs; the message, if any, is a fragment of what the process printed as it stopped.
    case crash(FailureExpectation)
    /// It compiles and every test passes.
    case green

    package var isCrash: Bool {
        if case .crash = self { return true }
        return false
    }

    package var isTestFailure: Bool {
        if case .testFailure = self { return true }
        return false
    }

    package var summary: String {
        switch self {
        case .compileError: "compile error"
        case .testFailure(let failures):
            failures.byTest.count == 1 ? "1 test fails" : "\(failures.byTest.count) tests fail"
        case .crash: "crashes"
        case .green: "all pass"
        }
    }
}

/// One step of a chapter, as its folder `Chapters/<chapter>/stages/<NN-slug>/` records it.
package struct Step: Equatable, Sendable {
    package var chapterNumber: Int
    package var number: Int
    package var slug: String
    package var kind: StepKind
    package var title: String
    package var milestone: String?
    package var expectation: StepExpectation
    package var hints: [String]
    package var text: String
    /// The files this step writes, whole, by path in the package.
    package var changes: FileTree
    /// The files this step removes.
    package var deletions: [String]
    /// The files it writes that it does not teach (a server, a stub, payloads): `workbook` writes them
    /// into the learner's package when the step begins, and the chapter text links them instead of
    /// reprinting them.
    package var given: [String] = []
    /// The concept the step explains at length ("isolation and Sendable"), if it is a concept step:
    /// its prose may run to `ChapterBudget.Limits.conceptWords` instead of `stepWords`.
    package var concept: String?
    /// Changes of its code that no test of the step needs, each with the reason it is there.
    package var unforced: [UnforcedChange] = []

    /// "1.3": the chapter's number and the step's.
    package var id: String { StepID(chapter: chapterNumber, step: number).description }

    /// The files the learner writes at this step: those it changes that it does not give, or, when it
    /// gives all of them, those it gives, to read.
    package var filesToWrite: [String] {
        let written = changes.paths.filter { !given.contains($0) }
        return written.isEmpty ? changes.paths : written
    }

    /// "1.3 🔴 Ask for the top apps": its id, its kind's symbol and its title, as the tools name it.
    package var heading: String { "\(id) \(kind.symbol) \(title)" }

    /// The step's folder in its chapter's `stages/`: "03-get-top-apps".
    package var folderName: String { Self.folderName(number: number, slug: slug) }

    /// A step folder's name: "03-get-top-apps".
    package static func folderName(number: Int, slug: String) -> String {
        String(format: "%02d-%@", number, slug)
    }
}
