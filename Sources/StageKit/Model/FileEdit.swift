import Foundation

/// One change to a file of a learner's package, as a mistake or an alternative writes it in its
/// header: a `file:` line, then a `replace:` line and its `with:` line. Further `replace:` lines make
/// the text to replace several lines, found together.
///
///     file: Sources/Chapter03ErrorEnum/AppStoreRessource.swift
///     replace: guard data != nil else {
///     with: guard let data else {
///
/// Further `with:` lines add lines below the first. Each line takes the indentation of the replaced
/// line, and the spaces written after `with: ` beyond the first indent it further:
///
///     replace: case networkError
///     with: case networkError
///     with:
///     with: public var description: String {
///     with:     "the fetch failed"
///     with: }
package struct FileEdit: Equatable, Sendable {
    package var file: String
    package var replace: String
    /// What takes its place: one line or several, joined by "\n", each with the spaces written before
    /// it beyond the one after `with:`.
    package var with: String
    /// Where the `replace:` line is, for errors.
    var line: Int

    /// The text with the edit made: see ``replacing(_:with:in:)``; nil when it cannot be.
    package func made(in text: String) -> String? {
        Self.replacing(replace, with: with, in: text)
    }

    /// The text with `old` replaced: the one run of lines that are `old`'s lines, indentation aside, or
    /// else, for one line, the one place it occurs; nil when it is neither. Each line of `new` takes the
    /// indentation of the first line it replaces (an empty `new` leaves an empty line).
    static func replacing(_ old: String, with new: String, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let wanted = old.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace()
        }
        let starts = lines.indices.filter { start in
            start + wanted.count <= lines.count
                && wanted.indices.allSatisfy { lines[start + $0].trimmingWhitespace() == wanted[$0] }
        }
        if starts.count == 1, let start = starts.first {
            let indentation = String(lines[start].prefix { $0 == " " || $0 == "\t" })
            lines.replaceSubrange(
                start..<(start + wanted.count), with: [indenting(new, by: indentation, fromFirstLine: true)])
            return lines.joined(separator: "\n")
        }
        let parts = text.components(separatedBy: old)
        guard starts.isEmpty, wanted.count == 1, !old.isEmpty, parts.count == 2, let before = parts.first,
            let after = parts.last
        else { return nil }
        let lineStart = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let indentation = String(lineStart.prefix { $0 == " " || $0 == "\t" })
        return before + indenting(new, by: indentation, fromFirstLine: false) + after
    }

    private static func indenting(_ new: String, by indentation: String, fromFirstLine: Bool) -> String {
        new.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            line.isEmpty || (index == 0 && !fromFirstLine) ? String(line) : indentation + line
        }.joined(separator: "\n")
    }

    /// The package's files that `edits` change, with every edit made in turn; an edit that cannot be
    /// made is an error naming `path` (the mistake's or alternative's file) and the edit's line.
    static func applying(_ edits: [FileEdit], to files: [String: Data], path: String, step: String)
        throws(StageKitError) -> [String: Data]
    {
        var changed: [String: Data] = [:]
        for edit in edits {
            guard let data = changed[edit.file] ?? files[edit.file] else {
                throw .malformed(
                    path: path, line: edit.line, problem: "step \(step) has no file \(edit.file) to change")
            }
            guard let result = edit.made(in: String(decoding: data, as: UTF8.self)) else {
                let lines = edit.replace.split(separator: "\n")
                throw .malformed(
                    path: path, line: edit.line,
                    problem: lines.count == 1
                        ? "'\(edit.replace)' is not one line, nor found once, in \(edit.file) after step \(step)"
                        : "the \(lines.count) lines from '\(lines[0])' are not found together once in \(edit.file)"
                            + " after step \(step)")
            }
            changed[edit.file] = Data(result.utf8)
        }
        return changed
    }
}
