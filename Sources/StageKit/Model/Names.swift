/// The names a compiler's sentence is about, read the same whatever words surround them: what it puts
/// in single quotes, as identifiers. Every toolchain quotes the names it speaks of; its other words
/// change from one release to the next.
package enum Names {
    /// "value of type 'AppStoreRessource' has no member 'getTopApps'" gives `AppStoreRessource` and
    /// `getTopApps`; "'RessourceError?'" gives `RessourceError`; "'Chapter07NetworkClient.Dog'" gives
    /// both its parts; "'decode(_:from:)'" gives `decode`, its base name, which every toolchain prints
    /// (not every one its labels). Each name once, in order.
    package static func quoted(in text: String) -> [String] {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        var names: [String] = []
        for (index, part) in parts.enumerated() where index % 2 == 1 && index < parts.count - 1 {
            for name in identifiers(in: part.prefix { $0 != "(" }) where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// Every identifier in a text: runs of letters, digits and underscores that do not start with a
    /// digit.
    package static func identifiers(in text: some StringProtocol) -> [String] {
        let words: [Substring] = Substring(text).split { !($0.isLetter || $0.isNumber || $0 == "_") }
        return words.filter { !($0.first?.isNumber ?? true) }.map(String.init)
    }
}

extension DiagnosticExpectation {
    /// The names its message speaks of, in quotes.
    package var names: [String] { Names.quoted(in: message) }
}

extension [DiagnosticExpectation] {
    /// The identifiers a compile-error red is about: those its required errors name in quotes, once
    /// each, less the chapter's module names, which a toolchain may leave out.
    package func names(in chapter: Chapter) -> [String] {
        let modules: Set = [chapter.module, chapter.module + "Tests"]
        return filter(\.isRequired).flatMap(\.names).reduce(into: []) { names, name in
            if !modules.contains(name), !names.contains(name) { names.append(name) }
        }
    }
}
