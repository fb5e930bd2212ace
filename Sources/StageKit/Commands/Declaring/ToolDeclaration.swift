import WorkbookModel

/// A tool with commands (`workbook`, `stages`): its name, what it is for, the options every command
/// takes, and the notes its usage ends with. It reads a command line against its commands'
/// declarations, and makes its usage and each command's help from them.
struct ToolDeclaration: Sendable {
    var name: String
    var summary: String
    /// Options every command takes, declared once.
    var globalOptions: [OptionDeclaration]
    /// Lines the usage ends with.
    var notes: [String]

    init(_ name: String, _ summary: String, globalOptions: [OptionDeclaration], notes: [String] = []) {
        self.name = name
        self.summary = summary
        self.globalOptions = globalOptions
        self.notes = notes
    }

    /// What a command line asks for: help to print, or a command (by its place in the list) to run.
    enum Reading {
        case help(String)
        case command(index: Int, ParsedArguments)
    }

    /// Reads the arguments (without the program's name). No command, `help` or `--help` is the
    /// usage; `help COMMAND` or `COMMAND --help` is that command's help.
    func read(_ arguments: [String], commands: [CommandDeclaration]) throws(StageKitError) -> Reading {
        // The command's name is the first word that is neither an option nor an option's value.
        var position = arguments.startIndex
        while position < arguments.endIndex, arguments[position].hasPrefix("-") {
            let takesValue = globalOptions.contains { $0.name == arguments[position] && $0.valueName != nil }
            position += takesValue ? 2 : 1
        }
        guard position < arguments.endIndex else {
            // Only the tool's own options, or help: what they are is checked, and the usage shown.
            var parsed = ParsedArguments(declaration: CommandDeclaration(name, summary))
            var rest = arguments[...]
            while let word = rest.popFirst() { try parsed.take(word, from: &rest, options: globalOptions) }
            return .help(usage(commands))
        }
        var arguments = arguments
        // A command named with two words ("room serve") is read as one.
        if position + 1 < arguments.endIndex,
            Self.group(named: arguments[position], in: commands)?.contains(arguments[position + 1]) == true
        {
            arguments[position] += " " + arguments.remove(at: position + 1)
        }
        let name = arguments[position]
        var rest = (arguments[..<position] + arguments[(position + 1)...])[...]
        if let group = Self.group(named: name, in: commands) {
            throw .usage("'\(name)' is followed by one of: \(group.joined(separator: ", "))")
        }
        if name == "help" {
            rest = Self.joiningGroups(Array(rest), commands: commands)[...]
            var parsed = ParsedArguments(declaration: Self.helpCommand)
            while let word = rest.popFirst() { try parsed.take(word, from: &rest, options: globalOptions) }
            guard let topic = parsed.value(Self.topic) else { return .help(usage(commands)) }
            if let group = Self.group(named: topic, in: commands) {
                return .help(
                    usage(commands.filter { group.contains(String($0.name.dropFirst(topic.count + 1))) }))
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                throw .usage("'\(topic)' is not a command of \(self.name)")
            }
            return .help(help(command))
        }
        guard let index = commands.firstIndex(where: { $0.name == name }) else {
            throw .usage("'\(name)' is not a command of \(self.name)")
        }
        var parsed = ParsedArguments(declaration: commands[index])
        while let word = rest.popFirst() {
            try parsed.take(word, from: &rest, options: commands[index].options + globalOptions)
        }
        if parsed.wantsHelp { return .help(help(commands[index])) }
        try parsed.finish()
        return .command(index: index, parsed)
    }

    /// The second words of the commands named with two (`room serve`, `room join`) whose first word is
    /// `name`; nil when there are none.
    static func group(named name: String, in commands: [CommandDeclaration]) -> [String]? {
        let seconds = commands.compactMap { command -> String? in
            let words = command.name.split(separator: " ")
            return words.count == 2 && words[0] == name ? String(words[1]) : nil
        }
        return seconds.isEmpty ? nil : seconds
    }

    /// The words after `help` with a group's word and the word after it made one, as its commands are
    /// named ("room", "serve" is "room serve").
    static func joiningGroups(_ arguments: [String], commands: [CommandDeclaration]) -> [String] {
        var joined: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            if let second = words.first, group(named: word, in: commands)?.contains(second) == true {
                joined.append("\(word) \(second)")
                words.removeFirst()
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    static let topic = ArgumentDeclaration.optional("COMMAND", "the command to explain")
    /// `help [COMMAND]`, which every tool has.
    static let helpCommand = CommandDeclaration(
        "help", "the commands, or one command's help", arguments: [topic])

    /// The tool's usage: each command that is not hidden, with its summary; the options every command
    /// takes; the notes.
    func usage(_ commands: [CommandDeclaration]) -> String {
        let shown = commands.filter { !$0.isHidden }.map { ("\(name) \($0.synopsis)", $0.summary) }
        return
            ([summary, ""] + Self.table(shown) + ["", "Options for every command:"]
            + Self.table(globalOptions.map { ($0.synopsis, $0.help) }) + [""] + notes
            + ["'\(name) help COMMAND' says more about one command."]).joined(separator: "\n")
    }

    /// One command's help: its synopsis, what it does, and each argument and option.
    func help(_ command: CommandDeclaration) -> String {
        var lines = ["\(name) \(command.synopsis)", "", Self.sentence(command.summary)]
        if let discussion = command.discussion { lines += ["", discussion] }
        let rows =
            command.arguments.map { ($0.name, $0.help) } + command.options.map { ($0.synopsis, $0.help) }
        if !rows.isEmpty { lines += [""] + Self.table(rows) }
        lines +=
            ["", "Options for every command:"] + Self.table(globalOptions.map { ($0.synopsis, $0.help) })
        return lines.joined(separator: "\n")
    }

    /// Rows of two columns, the second lined up; a first column too wide for it has the second on the
    /// next line.
    static func table(_ rows: [(String, String)]) -> [String] {
        let width = min((rows.map(\.0.count).max() ?? 0) + 3, 46)
        return rows.flatMap { left, right in
            guard left.count + 3 <= width else {
                return ["  " + left, String(repeating: " ", count: width + 2) + right]
            }
            return ["  " + left + String(repeating: " ", count: width - left.count) + right]
        }
    }

    /// A summary as a sentence: its first letter capital, a full stop at its end.
    static func sentence(_ summary: String) -> String {
        summary.prefix(1).uppercased() + summary.dropFirst() + (summary.hasSuffix(".") ? "" : ".")
    }
}
