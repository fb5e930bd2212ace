import Foundation
import WorkbookModel

/// Takes options out of an argument list one by one; what is left over is an error.
struct OptionReader {
    var arguments: [String]
    var command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    mutating func value(_ name: String) throws(StageKitError) -> String? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
            throw .usage("\(name) needs a value")
        }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        if arguments.contains(name) { throw .usage("\(name) may be given only once") }
        return value
    }

    mutating func selection() throws(StageKitError) -> WalkSelection {
        let selection = WalkSelection(
            chapter: try value("--chapter"), stage: try value("--stage"), from: try value("--from"))
        if selection.stage != nil && selection.from != nil {
            throw .usage("--stage and --from do not go together: name one stage, or where to start")
        }
        return selection
    }

    mutating func positional(_ what: String) throws(StageKitError) -> String {
        guard let value = optionalPositional() else { throw .usage("'\(command)' needs \(what)") }
        return value
    }

    mutating func optionalPositional() -> String? {
        guard let index = arguments.firstIndex(where: { !$0.hasPrefix("--") }) else { return nil }
        return arguments.remove(at: index)
    }

    func finish() throws(StageKitError) {
        if let extra = arguments.first {
            throw .usage("'\(extra)' is not an option of '\(command)'")
        }
    }
}
