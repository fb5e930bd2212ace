import Foundation

extension String {
    /// The text with each match of `pattern` replaced by what `replacement` makes of it, given the
    /// match's groups (an empty string for a group that took no part) and the whole match. The one
    /// rewriting loop of the tools: renumbering steps and chapters, unlinking the guide's paths.
    /// The expression is made at each call: a shared `NSRegularExpression` would be a static of a type
    /// whose Sendable conformance differs between platforms (PORTABILITY.md).
    package func replacingMatches(
        of pattern: String, _ replacement: (_ groups: [String], _ whole: String) -> String
    )
        -> String
    {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return self }
        let text = self as NSString
        var result = ""
        var last = 0
        for match in expression.matches(in: self, range: NSRange(location: 0, length: text.length)) {
            result += text.substring(with: NSRange(location: last, length: match.range.location - last))
            let groups = (1..<match.numberOfRanges).map { index -> String in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : text.substring(with: range)
            }
            result += replacement(groups, text.substring(with: match.range))
            last = match.range.location + match.range.length
        }
        return result + text.substring(from: last)
    }
}
