/// Text made safe to put in a page, in an element or in a quoted attribute: it can never become markup.
/// Every page the room writes puts text through ``text(_:)``, and through nothing else.
enum Html {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities. It goes by Unicode scalars, as a
    /// browser reads a page, not by `Character`s: a `<` after U+0600 (a prepended mark), or a `"` with
    /// U+0301 (a combining accent) after it, is one `Character` with its neighbour, and would be missed.
    static func text(_ text: String) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": safe.append(contentsOf: "&amp;".unicodeScalars)
            case "<": safe.append(contentsOf: "&lt;".unicodeScalars)
            case ">": safe.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": safe.append(contentsOf: "&quot;".unicodeScalars)
            case "'": safe.append(contentsOf: "&#39;".unicodeScalars)
            default: safe.append(scalar)
            }
        }
        return String(safe)
    }
}
