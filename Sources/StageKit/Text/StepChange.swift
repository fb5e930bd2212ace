import Foundation
import WorkbookModel

/// One change a green step makes to its chapter's own code, small enough to take back alone: a
/// declaration it adds (a member of a type, a function, a type with no members), or a run of lines it
/// rewrites or removes. `run-stages --forced` takes each back and shows that a test then fails.
package struct StepChange: Equatable, Sendable {
    package var path: String
    /// Its first line in the step's version of the file, or, for lines it only removes, the line after.
    var line: Int
    var added: [String]
    var removed: [String]
    /// The file with this change taken back and every other change of the step kept.
    package var fileTakenBack: String

    /// "NetworkClient.swift:12".
    package var place: String { "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)" }

    /// Its first line of code, trimmed, past comments and attributes: how a report names it.
    package var firstCode: String {
        (added + removed).map { $0.trimmingWhitespace() }.first {
            !StepChanges.isCommentOrBlank($0) && !StepChanges.isAttribute($0)
        } ?? ""
    }

    /// Whether an `unforced:` line of the step names it: its fragment starts the change's first line of
    /// code, so that it names one declaration and not every line that mentions it.
    package func isNamed(by unforced: UnforcedChange) -> Bool {
        firstCode.hasPrefix(unforced.fragment.trimmingWhitespace())
    }
}

package enum StepChanges {
    /// The changes a green step makes to Swift files of its chapter's `Sources/`, given files left out.
    package static func of(_ step: Step, in chapter: Chapter, of workbook: Workbook) -> [StepChange] {
        let before = workbook.tree(before: step, in: chapter)
        let paths = step.changes.paths.filter {
            $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") && !step.given.contains($0)
        }
        return paths.flatMap { path in
            let old = before.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
            let new = String(decoding: step.changes.files[path] ?? Data(), as: UTF8.self)
            return changes(old: old, new: new, path: path)
        }
    }

    /// Each change from `old` to `new` that has code in it.
    static func changes(old: String, new: String, path: String) -> [StepChange] {
        let diff = LineDiff.lines(old: old, new: new)
        return units(of: diff).map { unit in
            var added: [String] = []
            var removed: [String] = []
            var kept: [String] = []
            for (index, line) in diff.enumerated() {
                switch (line, unit.contains(index)) {
                case (.same(let text), _): kept.append(text)
                case (.added(let text), false): kept.append(text)
                case (.added(let text), true): added.append(text)
                case (.removed(let text), true):
                    removed.append(text)
                    kept.append(text)
                case (.removed, false): break
                }
            }
            // Its place is its first line of code, past the comments and attributes that go with it.
            let first =
                unit.first {
                    let line = text(of: diff[$0]).trimmingWhitespace()
                    return !isCommentOrBlank(line) && !isAttribute(line)
                } ?? unit.min() ?? 0
            let line = diff[..<first].filter { if case .removed = $0 { false } else { true } }.count + 1
            return StepChange(
                path: path, line: line, added: added, removed: removed,
                fileTakenBack: kept.joined(separator: "\n") + (kept.isEmpty ? "" : "\n"))
        }
    }

    /// The changes, as indices into the diff: each run of changed lines, and a run that only adds
    /// whole declarations cut into them, a type's members one by one.
    static func units(of diff: [LineDiff.Line]) -> [[Int]] {
        var units: [[Int]] = []
        var open: [Int] = []
        var index = 0
        while index < diff.count {
            guard !isSame(diff[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < diff.count, !isSame(diff[end]) { end += 1 }
            let run = Array(index..<end)
            let added = run.compactMap { i -> (Int, String)? in
                if case .added(let text) = diff[i] { return (i, text) }
                return nil
            }
            // A run that removes only comments (a start's "Dog will live here.") adds declarations.
            let removesCode = run.contains { i in
                if case .removed(let text) = diff[i] { return !isCommentOrBlank(text.trimmingWhitespace()) }
                return false
            }
            // Runs that open a block and close it apart (`if x {` … `}` around kept lines) go back together.
            if !open.isEmpty || imbalance(of: run, in: diff) != 0 {
                open += run
                if imbalance(of: open, in: diff) == 0 {
                    units.append(open)
                    open = []
                }
            } else {
                units += removesCode ? [run] : declarations(in: added)
            }
            index = end
        }
        if !open.isEmpty { units.append(open) }
        return units.filter { unit in
            unit.contains { !isCommentOrBlank(text(of: diff[$0]).trimmingWhitespace()) }
        }
    }

    /// Lines cut into whole declarations, comments and attributes going with the one below them; a
    /// type's members each a declaration of their own. A declaration goes on while the next line goes on
    /// with it (`-> T`, `{`, `where`, `.map`); imports go with none. Lines that do not balance stay one.
    static func declarations(in lines: [(Int, String)]) -> [[Int]] {
        var groups: [[(Int, String)]] = []
        var current: [(Int, String)] = []
        var depth = 0
        var scanner = SwiftBrackets()
        for (position, (index, text)) in lines.enumerated() {
            let trimmed = text.trimmingWhitespace()
            depth += scanner.count(text)
            if current.isEmpty, depth == 0, trimmed.isEmpty || isImport(trimmed) { continue }
            current.append((index, text))
            if depth < 0 { return [lines.map(\.0)] }
            let ends = trimmed.hasPrefix("#endif") || (!isCommentOrBlank(trimmed) && !isAttribute(trimmed))
            if depth == 0, ends, !scanner.isInsideText, !continues(after: position, in: lines) {
                groups.append(current)
                current = []
            }
        }
        guard depth == 0 else { return [lines.map(\.0)] }
        if !current.isEmpty { groups.append(current) }
        return groups.flatMap { group -> [[Int]] in
            let code = group.filter { !isCommentOrBlank($0.1.trimmingWhitespace()) && !isAttribute($0.1) }
            guard let header = code.first, let last = code.last, code.count > 2, opensType(header.1),
                header.1.trimmingWhitespace().hasSuffix("{"), last.1.trimmingWhitespace() == "}",
                let open = group.firstIndex(where: { $0.0 == header.0 })
            else { return [group.map(\.0)] }
            let members = declarations(in: Array(group[(open + 1)..<(group.count - 1)]))
            return members.isEmpty ? [group.map(\.0)] : members
        }
    }

    /// Whether the next line of code goes on with the one at `position`: a wrapped signature's `-> T`
    /// or `throws`, its body's `{` on a line of its own, a `where`, a chained `.call`, an operator.
    static func continues(after position: Int, in lines: [(Int, String)]) -> Bool {
        guard
            let next = lines[(position + 1)...].map({ $0.1.trimmingWhitespace() }).first(where: {
                !$0.isEmpty && !$0.hasPrefix("//")
            })
        else { return false }
        let starts = [
            "{", "->", "where ", "throws", "async", "rethrows", ".", ")", "]", "&&", "||", "?", ":", "=", "+",
        ]
        return starts.contains { next.hasPrefix($0) } && !next.hasPrefix("...") && !next.hasPrefix("..<")
    }

    /// The brackets the lines add minus those they remove: not zero when they open a block they do not close.
    static func imbalance(of lines: [Int], in diff: [LineDiff.Line]) -> Int {
        var added = SwiftBrackets()
        var removed = SwiftBrackets()
        return lines.reduce(0) { count, index in
            switch diff[index] {
            case .added(let text): count + added.count(text)
            case .removed(let text): count - removed.count(text)
            case .same: count
            }
        }
    }

    /// A line that adds no behaviour a test could ask for: a blank, a comment, an import (which Swift
    /// does not require of every file that uses the module).
    static func isCommentOrBlank(_ trimmed: String) -> Bool {
        trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*")
            || isImport(trimmed) || trimmed.hasPrefix("#if canImport") || trimmed.hasPrefix("#endif")
            || trimmed.hasPrefix("#else")
    }

    /// An attribute alone on its line (`@MainActor`), which belongs to the declaration below it.
    static func isAttribute(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("@") else { return false }
        // `@MainActor`, or `@available(iOS 15, *)`: the attribute's name and its arguments, nothing after.
        guard let open = trimmed.firstIndex(of: "(") else { return !trimmed.contains(" ") }
        return !trimmed[..<open].contains(" ") && trimmed.hasSuffix(")")
    }

    static func isImport(_ trimmed: String) -> Bool {
        trimmed.hasPrefix("import ") || trimmed.hasPrefix("@preconcurrency import ")
            || trimmed.hasPrefix("@testable import ")
    }

    static func opensType(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" }).map(String.init)
        return words.contains { ["struct", "class", "enum", "extension", "actor", "protocol"].contains($0) }
    }

    static func isSame(_ line: LineDiff.Line) -> Bool {
        if case .same = line { return true }
        return false
    }

    static func text(of line: LineDiff.Line) -> String {
        switch line {
        case .same(let text), .added(let text), .removed(let text): text
        }
    }
}
