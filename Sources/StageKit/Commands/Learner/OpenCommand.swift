import Foundation
import StepRunning
import WorkbookModel

/// `workbook open`: the files the step asks the learner to write, in their editor.
struct OpenCommand: LearnerCommand {
    static let declaration = CommandDeclaration(
        "open", "open the files of this step in your editor",
        discussion:
            "The editor is $VISUAL or $EDITOR (with its own options: EDITOR=\"code --wait\"), else Xcode"
            + " through 'xed' on a Mac, else VS Code through 'code'. An editor that runs in the terminal gets it."
    )
    /// It only reads, and the editor may stay open for long: it holds no lock.
    static var holdsLock: Bool { false }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        let place = try session.current()
        guard let step = place.step else {
            session.print("Nothing to open: you have done every step of chapter \(place.chapter.number).")
            return 0
        }
        let files = step.filesToWrite.map { session.workspace.url($0).path }
        guard !files.isEmpty else {
            session.print("Step \(step.id) changes no file: its text says what to do.")
            return 0
        }
        guard let editor = Editor.command(environment: session.effects.environment) else {
            throw .usage(
                "no editor to open \(files.joined(separator: ", ")) with: set EDITOR to the command that opens"
                    + " a file, for example 'export EDITOR=nano', or 'export EDITOR=\"code --wait\"' for VS Code,"
                    + " and run 'workbook open' again")
        }
        // An editor that opens only files that exist (Xcode's `xed`, `cat`) gets the ones the step has
        // the learner make, made empty; nothing that exists is touched. Only once an editor is found.
        for (path, file) in zip(step.filesToWrite, files) where !FileManager.default.fileExists(atPath: file)
        {
            try PackageWriter.write(Data(), to: URL(fileURLWithPath: file))
            session.print("Made \(path), empty, for you to write.")
        }
        // On success this process becomes the editor, which has the terminal as the learner's shell gave it.
        let failure = session.effects.openEditor(editor + files)
        throw .usage("could not start the editor '\(editor.joined(separator: " "))': \(failure)")
    }
}

/// The learner's editor, as a command line to which files are added.
enum Editor {
    /// $VISUAL, then $EDITOR, split into words; else `xed` (Xcode) or `code` (VS Code) on the PATH.
    static func command(environment: [String: String]) -> [String]? {
        for name in ["VISUAL", "EDITOR"] {
            let words = (environment[name] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            if !words.isEmpty { return words }
        }
        return ["xed", "code"].lazy.compactMap { SwiftToolchain.find($0, environment: environment) }.first.map
        {
            [$0.path]
        }
    }
}
