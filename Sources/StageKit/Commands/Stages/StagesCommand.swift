import Foundation
import WorkbookModel

/// The `stages` command line: parsed here, in the library, so that its tests need no process.
package enum StagesCommand: Equatable, Sendable {
    case walk(WalkSelection, root: String?, scratch: String?, jobs: Int?)
    case checkout(stage: String, into: String?, force: Bool, root: String?)
    case render(check: Bool, root: String?)
    case bench(WalkSelection, root: String?)
    case list(root: String?)
    case budget(root: String?)
    case tutorial(root: String?)
    case refresh(step: String, root: String?)
    case record(step: String, from: String, kind: StageKind?, title: String?, root: String?)
    case edit(step: String, from: String?, root: String?)
    case insert(step: String, kind: StageKind, title: String, root: String?)
    case remove(step: String, root: String?)
    case split(step: String, title: String, root: String?)
    case replay(chapter: String?, workbookTool: String, root: String?, mistakes: Bool)
    case help

    package static let usage = """
        stages: walks the workbook's stages and proves each one shows what it must.

          stages walk [--chapter C] [--stage C.S | --from C.S] [--scratch DIR] [--jobs N]
              Runs every stage (or one chapter's, one stage, or from a stage on), checks the chain,
              prints a line per stage, and exits 1 if any stage or link is wrong. Up to N chapters are
              walked at once (default: one per core).
          stages checkout C.S [--into DIR] [--force]
              Writes stage C.S (C.0: the chapter's start) as a package of its own into DIR
              (default Workspace/). A folder that
              is not empty is refused; with --force it is moved to DIR.backup-<time> first.
          stages render [--check]
              Writes each chapter's README.md from its stages (--check: only says which are stale).
          stages bench [--chapter C] [--stage C.S | --from C.S]
              Times the walk against the naive walk (a fresh build per stage) and prints both.
          stages list
              Lists the chapters and their stages.
          stages budget
              Prints what each chapter asks of a learner: steps, words, lines typed, and the minutes
              that takes by the estimate Chapters/README.md documents.
          stages refresh C[.S]
              Runs the red stages of chapter C (or stage C.S) and rewrites their diagnostic: and message:
              lines from what the compiler and the tests say now, then the chapter texts; review the diff.
          stages record C.S --from DIR [--kind red|green|refactor|test] [--title T]
              Writes step C.S from the package in DIR: the files that differ from the package before it,
              and delete: lines for those it lacks; a red is run and its expectations written. C.S one
              past the chapter's last step adds a step (it needs --kind and --title).
          stages edit C.S [--from DIR]
              Without --from: writes the package after C.S into Workspace-edit/ to edit. With it: records
              DIR's change in C.S and carries it through every later step (and chapters continuing this
              one) by a three-way merge; on a conflict, changes nothing and names it.
          stages insert C.S --kind red|green|refactor|test --title T
              Makes room for a step at C.S: later folders are renumbered, texts naming them rewritten.
          stages remove C.S
              Takes step C.S away (its files go into the next step; its folder to .build/removed-stages/),
              renumbers the later ones, and rewrites the texts that name them.
          stages split C.S --title T
              Cuts chapter C after its passing step S: the later steps become chapter C+1, titled T,
              which continues C; later chapters move up one; every folder, module, milestone and text
              is renumbered. Then write the new chapter's introduction and the first half's recap.
          stages tutorial
              Makes the chapters a DocC tutorial: the catalog in .build/tutorial/Workbook.docc, and the
              static site docc builds from it in .build/tutorial/site (exits 1 if docc warns).
          stages replay --workbook PATH [--chapter C] [--mistakes]
              Plays every chapter (or one) as a learner would, through the built workbook at PATH, and
              exits 1 at any surprise (Scripts/replay-learner builds it and passes it). With --mistakes,
              makes instead each mistake written in the chapters' mistakes/ folders, at its step, and
              exits 1 unless every one is refused by the check as its file says.

        Every command takes --root DIR, the workbook's folder (default: the current folder).
        """

    package static func parse(_ arguments: [String]) throws(StageKitError) -> StagesCommand {
        guard let name = arguments.first else { return .help }
        var options = OptionReader(Array(arguments.dropFirst()), command: name)
        switch name {
        case "walk":
            let selection = try options.selection()
            let scratch = try options.value("--scratch")
            let root = try options.value("--root")
            var jobs: Int?
            if let text = try options.value("--jobs") {
                guard let number = Int(text), (1...64).contains(number) else {
                    throw .usage(
                        "--jobs takes a number of chapters to walk at once, from 1 to 64, not '\(text)'")
                }
                jobs = number
            }
            try options.finish()
            return .walk(selection, root: root, scratch: scratch, jobs: jobs)
        case "checkout":
            let force = options.flag("--force")
            let into = try options.value("--into")
            let root = try options.value("--root")
            let stage = try options.positional("a stage to check out, like 1.3")
            try options.finish()
            return .checkout(stage: stage, into: into, force: force, root: root)
        case "render":
            let check = options.flag("--check")
            let root = try options.value("--root")
            try options.finish()
            return .render(check: check, root: root)
        case "bench":
            let selection = try options.selection()
            let root = try options.value("--root")
            try options.finish()
            return .bench(selection, root: root)
        case "list":
            let root = try options.value("--root")
            try options.finish()
            return .list(root: root)
        case "budget":
            let root = try options.value("--root")
            try options.finish()
            return .budget(root: root)
        case "refresh":
            let root = try options.value("--root")
            let step = try options.positional("a chapter or a stage to refresh, like 3 or 3.4")
            try options.finish()
            return .refresh(step: step, root: root)
        case "record", "edit", "insert", "remove", "split":
            return try parseAuthoring(name, &options)
        case "tutorial":
            let root = try options.value("--root")
            try options.finish()
            return .tutorial(root: root)
        case "replay":
            let chapter = try options.value("--chapter")
            let tool = try options.value("--workbook")
            let root = try options.value("--root")
            let mistakes = options.flag("--mistakes")
            try options.finish()
            guard let tool else {
                throw .usage("'replay' needs --workbook PATH, the built workbook to drive")
            }
            return .replay(chapter: chapter, workbookTool: tool, root: root, mistakes: mistakes)
        case "help", "--help", "-h":
            return .help
        default:
            throw .usage("'\(name)' is not a command of stages")
        }
    }

    static func parseAuthoring(_ name: String, _ options: inout OptionReader) throws(StageKitError)
        -> StagesCommand
    {
        let root = try options.value("--root")
        let from = try options.value("--from")
        let kindText = try options.value("--kind")
        let title = try options.value("--title")
        let step = try options.positional("a step, like 3.4")
        try options.finish()
        var kind: StageKind?
        if let kindText {
            guard let parsed = StageKind(rawValue: kindText) else {
                throw .usage("--kind is red, green, refactor or test, not '\(kindText)'")
            }
            kind = parsed
        }
        switch name {
        case "record":
            guard let from else { throw .usage("'record' needs --from DIR, the package to record") }
            return .record(step: step, from: from, kind: kind, title: title, root: root)
        case "edit":
            return .edit(step: step, from: from, root: root)
        case "split":
            guard kind == nil, from == nil else { throw .usage("'split' takes C.S and --title only") }
            guard let title else { throw .usage("'split' needs --title, the new chapter's title") }
            return .split(step: step, title: title, root: root)
        case "insert":
            guard let kind, let title else {
                throw .usage("'insert' needs --kind red|green|refactor|test and --title")
            }
            return .insert(step: step, kind: kind, title: title, root: root)
        default:
            return .remove(step: step, root: root)
        }
    }
}
