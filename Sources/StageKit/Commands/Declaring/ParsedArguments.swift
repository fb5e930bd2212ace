import WorkbookModel

/// A command line read against a command's declaration: only the options it declares (and the tool's
/// own), each once, and no more arguments than it takes. A command reads its values from here by the
/// same declarations its help is made from.
struct ParsedArguments: Sendable {
    let declaration: CommandDeclaration
    private var flags: Set<String> = []
    private var values: [String: String] = [:]
    private var positionals: [String] = []
    /// `--help` or `-h` was given: the command's help is shown instead of running it.
    private(set) var wantsHelp = false

    init(declaration: CommandDeclaration) {
        self.declaration = declaration
    }

    func isSet(_ flag: OptionDeclaration) -> Bool { flags.contains(flag.name) }

    func value(_ option: OptionDeclaration) -> String? { values[option.name] }

    /// The argument in the place its declaration has; nil when an optional one was left out.
    func value(_ argument: ArgumentDeclaration) -> String? {
        guard let index = declaration.arguments.firstIndex(where: { $0.name == argument.name }),
            index < positionals.count
        else { return nil }
        return positionals[index]
    }

    /// An option the declaration requires, which parsing has made sure is there.
    func required(_ option: OptionDeclaration) throws(StageKitError) -> String {
        guard let value = values[option.name] else {
            throw .usage("'\(declaration.name)' needs \(option.synopsis), \(option.help)")
        }
        return value
    }

    /// An argument the declaration requires, which parsing has made sure is there.
    func required(_ argument: ArgumentDeclaration) throws(StageKitError) -> String {
        guard let value = value(argument) else {
            throw .usage("'\(declaration.name)' needs \(argument.needs ?? argument.name)")
        }
        return value
    }

    /// Takes one word of the command line: an option (with the next word, if it takes a value), or
    /// an argument. `options` are those the command and the tool declare.
    mutating func take(
        _ word: String, from rest: inout ArraySlice<String>, options: [OptionDeclaration]
    ) throws(StageKitError) {
        if word == "--help" || word == "-h" {
            wantsHelp = true
        } else if word.hasPrefix("-") && word.count > 1 {
            guard let option = options.first(where: { $0.name == word || $0.alias == word }) else {
                throw .usage("'\(word)' is not an option of '\(declaration.name)'")
            }
            guard !flags.contains(option.name), values[option.name] == nil else {
                throw .usage("\(option.name) may be given only once")
            }
            guard option.valueName != nil else {
                flags.insert(option.name)
                return
            }
            guard let value = rest.first, !value.hasPrefix("--") else {
                throw .usage("\(word) needs a value")
            }
            rest.removeFirst()
            values[option.name] = value
        } else {
            guard positionals.count < declaration.arguments.count else {
                throw .usage("'\(word)' is not an option of '\(declaration.name)'")
            }
            positionals.append(word)
        }
    }

    /// Every required argument is there, unless help was asked for.
    func finish() throws(StageKitError) {
        guard !wantsHelp else { return }
        for argument in declaration.arguments where argument.needs != nil {
            _ = try required(argument)
        }
        for option in declaration.options where option.isRequired && values[option.name] == nil {
            throw .usage("'\(declaration.name)' needs \(option.synopsis), \(option.help)")
        }
    }
}
