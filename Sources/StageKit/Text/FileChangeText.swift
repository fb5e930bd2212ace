import Foundation
import WorkbookModel

/// How a chapter's text shows one file a step writes: a new Swift file in full; a changed one as its
/// changed regions, in a unified diff, with a link to the whole file; data (a JSON feed, say) as a
/// link alone, since nobody types it. Every file at every step stays one click away.
enum FileChangeText {
    /// `folder` is where the file lies, relative to the chapter's README (`stages/03-get-top-apps`).
    static func lines(path: String, before: FileTree?, after: FileTree, folder: String) -> [String] {
        let text = after.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
        let link = "[whole file](\(folder)/\(path))"
        let lineCount = text.filter { $0 == "\n" }.count + (text.hasSuffix("\n") || text.isEmpty ? 0 : 1)
        guard path.hasSuffix(".swift") else {
            return [
                "`\(path)`: data to copy, not type ([the file](\(folder)/\(path)), \(lineCount) lines).", "",
            ]
        }
        let old = before?.files[path].map { String(decoding: $0, as: UTF8.self) }
        if let old {
            let hunks = LineDiff.hunks(old: old, new: text, context: 2)
            // A change that rewrites most of the file reads better as the file itself.
            if words(in: hunks) < words(in: [text]) * 3 / 4 {
                return ["`\(path)` (\(link)):", "", "```diff"] + hunks + ["```", ""]
            }
            return ["`\(path)`, rewritten:", ""] + block(text)
        }
        return ["`\(path)`\(before == nil ? "" : ", a new file"):", ""] + block(text)
    }

    static func words(in lines: [String]) -> Int {
        lines.reduce(0) { $0 + $1.split(whereSeparator: \.isWhitespace).count }
    }

    static func block(_ text: String) -> [String] {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return ["```swift", body, "```", ""]
    }
}
