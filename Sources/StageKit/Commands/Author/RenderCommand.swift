import Foundation
import StepRunning
import WorkbookAuthoring
import WorkbookModel
import WorkbookText

/// `stages render [--check]`.
struct RenderCommand: AuthorCommand {
    static let check = OptionDeclaration.flag("--check", "only say which are stale, and exit 1 if any is")
    static let declaration = CommandDeclaration(
        "render", "writes the chapters' READMEs and the guides' tables from the steps",
        options: [check])

    let check: Bool

    init(_ arguments: ParsedArguments) {
        check = arguments.isSet(Self.check)
    }

    init(check: Bool) {
        self.check = check
    }

    func run(in tool: AuthorTool) throws(StageKitError) -> Int32 {
        let workbook = try tool.load()
        var stale: [String] = []
        for chapter in workbook.chapters {
            let url = workbook.root.appendingPathComponent(chapter.readmePath)
            let text = ChapterRenderer.render(chapter, of: workbook)
            guard (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
            stale.append(chapter.readmePath)
            if !check { try PackageWriter.write(Data(text.utf8), to: url) }
        }
        for section in GeneratedSection.all {
            let page = workbook.root.appendingPathComponent(section.path)
            if let text = try? String(contentsOf: page, encoding: .utf8),
                let updated = try section.updating(text, from: workbook), updated != text
            {
                stale.append("\(section.path) (\(section.what))")
                if !check { try PackageWriter.write(Data(updated.utf8), to: page) }
            }
        }
        for path in stale { tool.print(check ? "stale: \(path)" : "wrote \(path)") }
        if stale.isEmpty { tool.print("every chapter text is up to date.") }
        return check && !stale.isEmpty ? 1 : 0
    }
}
