import Foundation

/// Reads one step folder: its `stage.md` header and body, and the package files it writes.
enum StepLoader {
    static let keys: Set<String> = [
        "kind", "title", "milestone", "expect", "diagnostic", "follow-up", "warning", "failing", "message",
        "hint",
        "delete", "given", "concept", "unforced",
    ]

    static func load(folder: URL, path: String, chapter: Chapter, number: Int, slug: String)
        throws(StageKitError)
        -> Step
    {
        let headerPath = "\(path)/stage.md"
        let document = try FrontMatter.parse(
            WorkbookLoader.readText(
                folder.appendingPathComponent("stage.md"), path: headerPath, why: "every step folder has one"
            ),
            path: headerPath)
        let fields = try FieldReader(document, path: headerPath, known: keys)

        let kindField = try fields.required("kind")
        guard let kind = StepKind(rawValue: kindField.value) else {
            throw .malformed(
                path: headerPath, line: kindField.line,
                problem: "kind is red, green, refactor or test, not '\(kindField.value)'")
        }
        let expectation = try readExpectation(fields, kind: kind, path: headerPath)
        if document.body.isEmpty {
            throw .malformed(
                path: headerPath, line: nil, problem: "the step has no text for the learner below its header"
            )
        }
        let changes = try WorkbookLoader.readPackageFiles(in: folder, path: path, chapter: chapter)
        let deletions = fields.all("delete").map(\.value)
        for field in fields.all("delete") where !chapter.ownsPath(field.value) {
            throw .malformed(
                path: headerPath, line: field.line,
                problem:
                    "'delete' names a file under \(chapter.sourcesPath)/ or \(chapter.testsPath)/, not '\(field.value)'"
            )
        }
        for field in fields.all("delete") where changes.files[field.value] != nil {
            throw .malformed(
                path: headerPath, line: field.line, problem: "it both writes and deletes \(field.value)")
        }
        for field in fields.all("given") where changes.files[field.value] == nil {
            throw .malformed(
                path: headerPath, line: field.line,
                problem: "'given' names a file this step writes, which \(field.value) is not")
        }
        var step = Step(
            chapterNumber: chapter.number, number: number, slug: slug, kind: kind,
            title: try fields.required("title").value, milestone: try fields.optional("milestone")?.value,
            expectation: expectation, hints: fields.all("hint").map(\.value), text: document.body,
            changes: changes, deletions: deletions, given: fields.all("given").map(\.value))
        step.concept = try fields.optional("concept")?.value
        for field in fields.all("unforced") {
            guard kind.isForced else {
                throw .malformed(
                    path: headerPath, line: field.line,
                    problem:
                        "'unforced' names a change of a green step's code, and this step is \(kind.rawValue)")
            }
            guard let unforced = UnforcedChange(field: field.value) else {
                throw .malformed(
                    path: headerPath, line: field.line,
                    problem:
                        "'unforced' is a piece of the line between backticks, then the reason it is there: `[weak self]` a later step tests it"
                )
            }
            step.unforced.append(unforced)
        }
        return step
    }

    static func readExpectation(_ fields: FieldReader, kind: StepKind, path: String) throws(StageKitError)
        -> StepExpectation
    {
        let expectField = try fields.optional("expect")
        let value = expectField?.value ?? (kind.fails ? "" : "green")
        let line = expectField?.line
        let diagnostics = fields.all("diagnostic")
        let allowed = fields.all("follow-up") + fields.all("warning")
        let failing = fields.all("failing")
        let messages = fields.all("message")

        // What each kind expects, with no default: a new kind does not compile until it says.
        switch kind {
        case .red: break
        case .green, .refactor, .test:
            guard value == "green" else {
                throw .malformed(
                    path: path, line: line,
                    problem: "a \(kind.rawValue) step passes every test: 'expect: green', not '\(value)'")
            }
            if let stray = (diagnostics + allowed + failing + messages).first {
                throw .malformed(
                    path: path, line: stray.line,
                    problem: "a \(kind.rawValue) step passes, so '\(stray.key)' has no place")
            }
            return .green
        }
        switch value {
        case "compile-error":
            guard !diagnostics.isEmpty else {
                throw .malformed(
                    path: path, line: line,
                    problem:
                        "a compile-error step names the error a learner will see in a 'diagnostic:' line")
            }
            if let stray = (failing + messages).first {
                throw .malformed(
                    path: path, line: stray.line, problem: "'\(stray.key)' belongs to a test-failure step")
            }
            let followUps = fields.all("follow-up").map { field in
                var expectation = diagnosticExpectation(field)
                expectation.isRequired = false
                return expectation
            }
            let warnings = fields.all("warning").map { field in
                var expectation = diagnosticExpectation(field)
                expectation.severity = .warning
                expectation.isRequired = false
                return expectation
            }
            return .compileError(diagnostics.map(diagnosticExpectation) + followUps + warnings)
        case "crash":
            if let stray = (diagnostics + allowed).first {
                throw .malformed(
                    path: path, line: stray.line, problem: "'\(stray.key)' belongs to a compile-error step")
            }
            let failures = try failureExpectations(fields.document.fields, path: path)
            guard failures.count == 1, let failure = failures.first else {
                throw .malformed(
                    path: path, line: line,
                    problem: "a crash step names the one test that is running when the process stops")
            }
            return .crash(failure)
        case "test-failure":
            if let stray = (diagnostics + allowed).first {
                throw .malformed(
                    path: path, line: stray.line, problem: "'\(stray.key)' belongs to a compile-error step")
            }
            return .testFailure(try failureExpectations(fields.document.fields, path: path))
        default:
            throw .malformed(
                path: path, line: line,
                problem: "a red step says 'expect: compile-error', 'expect: test-failure' or 'expect: crash'"
                    + (value.isEmpty ? "" : ", not '\(value)'"))
        }
    }

    /// "diagnostic: cannot find 'X' in scope", or with the file first: "diagnostic: App.swift: cannot find …".
    static func diagnosticExpectation(_ field: FrontMatter.Field) -> DiagnosticExpectation {
        if let colon = field.value.range(of: ": ") {
            let file = field.value[..<colon.lowerBound]
            if file.hasSuffix(".swift"), !file.contains(" ") {
                return DiagnosticExpectation(
                    file: String(file), message: String(field.value[colon.upperBound...]))
            }
        }
        return DiagnosticExpectation(message: field.value)
    }

    /// Each `failing:` line, with the `message:` line that follows it, if any.
    static func failureExpectations(_ fields: [FrontMatter.Field], path: String) throws(StageKitError)
        -> [FailureExpectation]
    {
        var result: [FailureExpectation] = []
        var previousKey: String?
        for field in fields {
            defer { previousKey = field.key }
            switch field.key {
            case "failing":
                guard FailureExpectation.namesItsSuite(field.value) else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "a 'failing:' line names the test with its suite, 'Suite/function()' "
                            + "(or its module, 'Module.function()', outside any suite), not '\(field.value)'")
                }
                result.append(FailureExpectation(test: field.value))
            case "message":
                guard previousKey == "failing", !result.isEmpty else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "a 'message:' line follows the 'failing:' line it belongs to")
                }
                result[result.count - 1].message = field.value
            default:
                continue
            }
        }
        guard !result.isEmpty else {
            throw .malformed(
                path: path, line: nil,
                problem: "a test-failure step names the failing test in a 'failing:' line")
        }
        return result
    }
}
