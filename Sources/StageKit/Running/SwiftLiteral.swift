/// The one way text read from a chapter's files reaches Swift code the tools write: as a string
/// literal whose every character stays inside it. Nothing is pasted into code or comments.
enum SwiftLiteral {
    /// `text` as a Swift string literal: quotes and backslashes escaped, and every character that could
    /// end a line or hide one (controls, Unicode's line and paragraph separators) written as `\u{…}`.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where isPrintable(scalar): literal.unicodeScalars.append(scalar)
            default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return literal + "\""
    }

    /// A list of strings as a Swift array literal.
    static func array(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ", ") + "]"
    }

    /// False for controls, line and paragraph separators, and the format characters that reorder or
    /// hide text (bidirectional overrides among them).
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }
}
