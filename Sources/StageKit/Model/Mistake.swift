import Foundation

/// A mistake a learner makes at a step, written down so that the replay can make it and see the step's
/// check refuse it: a file of `Chapters/<chapter>/mistakes/`, like `03-failed-load-left-loaded.md`.
///
///     ---
///     step: 5.14
///     title: A failed load ends loaded with no dogs
///     file: Sources/Chapter05AsyncViewModel/DogsViewModel.swift
///     replace: status = .idle
///     with: status = .loaded(dogs: [])
///     shows: (sut.status → .loaded(dogs: [])) == .idle
///     ---
///     Why a learner writes it, and what catches it.
package struct Mistake: Equatable, Sendable {
    /// One change to a file of the learner's package as it is after the step.
    package struct Edit: Equatable, Sendable {
        package var file: String
        package var replace: String
        package var with: String
        /// Where the `replace:` line is, for errors.
        package var line: Int
    }

    /// Where the mistake is written, for errors: `Chapters/05-async-view-model/mistakes/01-….md`.
    package var path: String
    package var step: String
    package var title: String
    package var edits: [Edit]
    /// A fragment of what `workbook check` prints when it refuses the mistake.
    package var shows: String
    package var text: String

    /// The package's files with the mistake made in them, or why it cannot be made.
    package func applied(to files: [String: Data]) throws(StageKitError) -> [String: Data] {
        var changed: [String: Data] = [:]
        for edit in edits {
            guard let data = changed[edit.file] ?? files[edit.file] else {
                throw .malformed(
                    path: path, line: edit.line, problem: "step \(step) has no file \(edit.file) to change")
            }
            let text = String(decoding: data, as: UTF8.self)
            guard let result = Self.replacing(edit.replace, with: edit.with, in: text) else {
                throw .malformed(
                    path: path, line: edit.line,
                    problem:
                        "'\(edit.replace)' is not one line, nor found once, in \(edit.file) after step \(step)"
                )
            }
            changed[edit.file] = Data(result.utf8)
        }
        return changed
    }

    /// The text with `old` replaced: the one line that is `old`, indentation aside, or else the one
    /// place it occurs; nil when it is neither.
    static func replacing(_ old: String, with new: String, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let whole = lines.indices.filter { lines[$0].trimmingWhitespace() == old }
        if whole.count == 1, let index = whole.first {
            let indentation = lines[index].prefix { $0 == " " || $0 == "\t" }
            lines[index] = new.isEmpty ? "" : indentation + new
            return lines.joined(separator: "\n")
        }
        let parts = text.components(separatedBy: old)
        guard whole.isEmpty, !old.isEmpty, parts.count == 2 else { return nil }
        return parts.joined(separator: new)
    }
}
