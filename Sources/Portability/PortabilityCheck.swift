import Foundation

/// Reads Swift files for the traps of ``PortabilityRule``. It reads text, line by line, as an author
/// writes it (formatted by `swift format`): it is a net for the known mistakes, not a compiler.
package enum PortabilityCheck {
    /// The findings in every Swift file under `Sources/`, `Tests/` and `Chapters/` of `root`.
    package static func check(root: URL) throws -> [PortabilityFinding] {
        var findings: [PortabilityFinding] = []
        for top in ["Sources", "Tests", "Chapters"] {
            let folder = root.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            var paths: [String] = []
            while let path = walker.nextObject() as? String {
                if path.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) { continue }
                if path.hasSuffix(".swift") { paths.append(path) }
            }
            for path in paths.sorted() {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                findings += check("\(top)/\(path)", text)
            }
        }
        return findings
    }

    /// The findings in one file, `path` relative to the workbook's folder.
    package static func check(_ path: String, _ text: String) -> [PortabilityFinding] {
        let lines = SwiftLines(text)
        var findings: [PortabilityFinding] = []
        for (index, code) in lines.code.enumerated() where !code.isEmpty {
            if declaresSharedNonSendable(code) {
                findings.append(.init(path: path, line: index + 1, rule: .sharedNonSendable, code: code))
            }
            if isAppCode(path), words(code).contains("Process") {
                findings.append(.init(path: path, line: index + 1, rule: .processInAppCode, code: code))
            }
        }
        for index in UnavailableFromAsync.lines(in: lines.code) {
            findings.append(
                .init(path: path, line: index + 1, rule: .unavailableFromAsync, code: lines.code[index]))
        }
        if !PortabilityRule.platformBranchPlaces.contains(where: { path.hasPrefix($0) }) {
            for index in lines.platformBranchesBeyondImports() {
                findings.append(
                    .init(path: path, line: index + 1, rule: .platformBranch, code: lines.code[index]))
            }
        }
        return findings
    }

    /// A chapter's code or tests, final or in a step: what a learner copies into an app and its tests.
    static func isAppCode(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count > 2, parts[0] == "Sources" || parts[0] == "Tests", parts[1].hasPrefix("Chapter") {
            return true
        }
        // Chapters/NN-slug/stages/MM-slug/Sources/… or Chapters/NN-slug/start/Tests/…
        if parts.count > 3, parts[0] == "Chapters" {
            let top = parts[2] == "start" ? parts[3] : parts.count > 4 ? parts[4] : ""
            return top == "Sources" || top == "Tests"
        }
        return false
    }

    /// Whether a line declares a stored `static` or global property of a type in
    /// ``PortabilityRule/linuxOnlySendable``.
    static func declaresSharedNonSendable(_ code: String) -> Bool {
        let tokens = words(code)
        guard let keyword = tokens.firstIndex(where: { $0 == "let" || $0 == "var" }) else { return false }
        let modifiers = tokens[..<keyword]
        let isGlobal = !code.hasPrefix(" ") && modifiers.allSatisfy(accessModifiers.contains)
        guard modifiers.contains("static") || isGlobal else { return false }
        let padded = " " + code
        guard let nameEnd = padded.range(of: " \(tokens[keyword]) ")?.upperBound else { return false }
        let rest = padded[nameEnd...]
        let equals = rest.firstIndex(of: "=")
        let annotation = rest.firstIndex(of: ":").flatMap { colon in
            colon < (equals ?? rest.endIndex)
                ? rest[colon..<(equals ?? rest.firstIndex(of: "{") ?? rest.endIndex)] : nil
        }
        // `static var x: T { … }` is computed: a new value at each use, nothing shared.
        if tokens[keyword] == "var", equals == nil, rest.contains("{") { return false }
        let typeWords = annotation.map { words(String($0)) } ?? []
        let initializerWords = equals.map { words(String(rest[$0...])).prefix(4) } ?? []
        let named = typeWords + initializerWords.filter { $0 != "try" && $0 != "Foundation" }.prefix(1)
        return named.contains(where: PortabilityRule.linuxOnlySendable.contains)
    }

    static let accessModifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "nonisolated", "unsafe",
    ]

    /// The identifiers of a line, in order.
    static func words(_ code: String) -> [String] {
        code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }
}
