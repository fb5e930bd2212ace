/// What text read from a chapter's files may hold: no character that ends a line where a reader sees
/// none, moves the terminal's cursor, or shows text in another order than it is stored.
package enum PlainText {
    /// The first character of `text` that is a control (other than those in `allowed`), a line or
    /// paragraph separator, or a bidirectional override or isolate.
    package static func firstHidden(in text: String, allowing allowed: Set<Unicode.Scalar>) -> Unicode.Scalar?
    {
        text.unicodeScalars.first { !allowed.contains($0) && isHidden($0) }
    }

    /// Whether a character is a control, a line or paragraph separator, or a bidirectional override
    /// or isolate.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    /// `text` with each hidden character (``isHidden(_:)``) replaced by a space: what a program printed,
    /// made safe to show on a terminal.
    package static func printable(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isHidden($0) ? " " : $0 }))
    }

    /// "a carriage return (U+000D)", "a control character (U+001B)".
    static func name(of scalar: Unicode.Scalar) -> String {
        let code =
            "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
            + String(scalar.value, radix: 16, uppercase: true)
        let names: [UInt32: String] = [
            0x0A: "a line feed", 0x0D: "a carriage return", 0x09: "a tab", 0x85: "a next-line character",
            0x2028: "a line separator", 0x2029: "a paragraph separator",
        ]
        if let name = names[scalar.value] { return "\(name) (\(code))" }
        return (0x202A...0x2069).contains(scalar.value)
            ? "a bidirectional control (\(code))" : "a control character (\(code))"
    }
}
