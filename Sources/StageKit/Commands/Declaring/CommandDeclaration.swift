/// What a command says about itself: its name, one line of what it does, the arguments and options it
/// takes. The parser reads a command line against it, and the help is made from it, so the two cannot
/// disagree.
struct CommandDeclaration: Sendable {
    var name: String
    /// One line: what the command does, as the tool's usage lists it.
    var summary: String
    var arguments: [ArgumentDeclaration]
    var options: [OptionDeclaration]
    /// More than the summary, for the command's own help; nil when the summary says it all.
    var discussion: String?
    /// Left out of the tool's usage: commands the tools run themselves.
    var isHidden: Bool

    init(
        _ name: String, _ summary: String, arguments: [ArgumentDeclaration] = [],
        options: [OptionDeclaration] = [], discussion: String? = nil, isHidden: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.isHidden = isHidden
    }

    /// "start C[.S] [--guided] [--force]": the command's name and what it takes.
    var synopsis: String {
        ([name] + arguments.map(\.synopsis) + options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" })
            .joined(separator: " ")
    }
}

/// A word of a command line that is not an option: the step a command is about, or a file.
struct ArgumentDeclaration: Sendable {
    /// How help writes it: "C.S".
    var name: String
    var help: String
    /// What the command needs, when the argument is missing: "a step to go to, like 2.3"; nil when the
    /// argument may be left out.
    var needs: String?

    /// An argument the command cannot go without.
    static func required(_ name: String, _ help: String, needs: String) -> Self {
        Self(name: name, help: help, needs: needs)
    }

    /// An argument that may be left out.
    static func optional(_ name: String, _ help: String) -> Self {
        Self(name: name, help: help, needs: nil)
    }

    var synopsis: String { needs == nil ? "[\(name)]" : name }
}

/// An option: a flag ("--force") or a name with a value ("--into DIR"), which a command may require.
struct OptionDeclaration: Sendable, Equatable {
    var name: String
    /// How help writes the value ("DIR"); nil for a flag.
    var valueName: String?
    var help: String
    /// The command cannot go without it: the parser says so, naming it and its help.
    var isRequired = false
    /// An older name the parser takes as this one ("--stage" for "--step"), so that the command lines
    /// authors have kept still work; help shows only the name.
    var alias: String?

    static func flag(_ name: String, _ help: String) -> Self {
        Self(name: name, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, alias: String? = nil)
        -> Self
    {
        Self(name: name, valueName: valueName, help: help, alias: alias)
    }

    static func required(_ name: String, _ valueName: String, _ help: String) -> Self {
        Self(name: name, valueName: valueName, help: help, isRequired: true)
    }

    /// "--into DIR".
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}
