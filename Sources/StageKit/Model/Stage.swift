import Foundation

/// What a step of a chapter is: a failing test (red), the code that passes it (green), a change to
/// the code that keeps every test passing (refactor), or tests that pass at once, pinning what the
/// code already does (test).
public enum StageKind: String, Sendable, CaseIterable {
    case red, green, refactor, test

    public var symbol: String {
        switch self {
        case .red: "🔴"
        case .green: "🟢"
        case .refactor: "♻️"
        case .test: "📌"
        }
    }
}

/// A compiler error a stage expects: its message (a fragment of it) and, optionally, the file it is in.
/// A warning it names is one the compiler gives as a follow-up of those errors: allowed, not required.
public struct DiagnosticExpectation: Equatable, Sendable {
    public var file: String?
    public var message: String
    public var severity: Diagnostic.Severity

    public init(file: String? = nil, message: String, severity: Diagnostic.Severity = .error) {
        self.file = file
        self.message = message
        self.severity = severity
    }
}

/// A test a stage expects to fail, by its name ("getTopAppsCallsItsCompletionExactlyOnce()" or with
/// its suites before it), and a fragment of the failure's message.
public struct FailureExpectation: Equatable, Sendable {
    public var test: String
    public var message: String?

    public init(test: String, message: String? = nil) {
        self.test = test
        self.message = message
    }
}

/// What running a stage must show.
public enum StageExpectation: Equatable, Sendable {
    /// The package does not compile, and every error is one of these.
    case compileError([DiagnosticExpectation])
    /// It compiles, and exactly these tests fail, each with its message.
    case testFailure([FailureExpectation])
    /// It compiles and every test passes.
    case green

    public var summary: String {
        switch self {
        case .compileError: "compile error"
        case .testFailure(let failures): failures.count == 1 ? "1 test fails" : "\(failures.count) tests fail"
        case .green: "all pass"
        }
    }
}

/// One step of a chapter, as its folder `Chapters/<chapter>/stages/<NN-slug>/` records it.
public struct Stage: Equatable, Sendable {
    public var chapterNumber: Int
    public var number: Int
    public var slug: String
    public var kind: StageKind
    public var title: String
    public var milestone: String?
    public var expectation: StageExpectation
    public var hints: [String]
    public var text: String
    /// The files this stage writes, whole, by path in the package.
    public var changes: FileTree
    /// The files this stage removes.
    public var deletions: [String]

    /// "1.3": the chapter's number and the stage's.
    public var id: String { "\(chapterNumber).\(number)" }

    /// The stage's folder in its chapter's `stages/`: "03-get-top-apps".
    public var folderName: String { Self.folderName(number: number, slug: slug) }

    /// A stage folder's name: "03-get-top-apps".
    public static func folderName(number: Int, slug: String) -> String {
        String(format: "%02d-%@", number, slug)
    }
}
