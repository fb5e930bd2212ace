/// What the texts do to a sentence.
extension String {
    /// The sentence with its first letter made small, to follow "that" or a comma.
    package var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
