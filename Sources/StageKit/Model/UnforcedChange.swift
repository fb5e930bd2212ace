import Foundation

/// A change of a green step that no test of the step needs, named in its `stage.md` with the reason it
/// is there all the same: `unforced: \`func cancel()\` step 9.21 cancels …`. `run-stages --forced`
/// accepts a change it takes back with every test still passing only when such a line names it.
package struct UnforcedChange: Equatable, Sendable {
    /// The start of the change's first line of code (past its comments and attributes), as written.
    package var fragment: String
    /// Why the line is there though no test of the step fails without it.
    package var reason: String

    init(fragment: String, reason: String) {
        self.fragment = fragment
        self.reason = reason
    }

    /// Reads "`fragment` reason": the fragment between backticks first, then the reason.
    init?(field value: String) {
        guard value.hasPrefix("`") else { return nil }
        let rest = value.dropFirst()
        guard let close = rest.firstIndex(of: "`") else { return nil }
        fragment = String(rest[..<close])
        reason = String(rest[rest.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        guard !fragment.trimmingCharacters(in: .whitespaces).isEmpty, !reason.isEmpty else { return nil }
    }
}
