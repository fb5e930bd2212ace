import Foundation

/// Reads a chapter's `mistakes/` folder: `NN-slug.md` files, each a `Mistake`.
enum MistakeLoader {
    static let known: Set<String> = ["step", "title", "file", "replace", "with", "shows"]

    static func load(folder: URL, path: String, chapter: Chapter) throws(StageKitError) -> [Mistake] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        var mistakes: [Mistake] = []
        var numbers: [Int] = []
        let entries = try WorkbookLoader.entries(
            in: folder, label: "\(path)/", why: "a chapter keeps its mistakes there, as NN-slug.md files")
        for (name, isFolder) in entries {
            guard !isFolder, name.hasSuffix(".md"),
                let (number, _) = WorkbookLoader.numberedName(String(name.dropLast(3)))
            else {
                throw .unexpectedFile(
                    path: "\(path)/\(name)",
                    why: "a mistake is a file named NN-slug.md, like 01-no-request.md")
            }
            let filePath = "\(path)/\(name)"
            let text = try WorkbookLoader.readText(
                folder.appendingPathComponent(name), path: filePath, why: "")
            mistakes.append(try parse(text, path: filePath, chapter: chapter))
            numbers.append(number)
        }
        try WorkbookLoader.checkNumbering(numbers, what: "mistake", in: "\(path)/")
        return mistakes
    }

    static func parse(_ text: String, path: String, chapter: Chapter) throws(StageKitError) -> Mistake {
        let document = try FrontMatter.parse(text, path: path)
        let fields = try FieldReader(document, path: path, known: known)
        let step = try fields.required("step")
        guard let id = StepID(step.value), id.chapter == chapter.number, let stage = chapter.stage(id.step)
        else {
            throw .malformed(
                path: path, line: step.line, problem: "chapter \(chapter.number) has no step '\(step.value)'")
        }
        var edits: [Mistake.Edit] = []
        var file: String?
        var previousKey: String?
        var fileLine: Int?
        for field in document.fields {
            defer { previousKey = field.key }
            if previousKey == "replace", field.key != "with" {
                throw .malformed(
                    path: path, line: field.line, problem: "a 'replace:' line is followed by its 'with:' line"
                )
            }
            switch field.key {
            case "file":
                guard chapter.ownsPath(field.value) else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem:
                            "a mistake changes a file under \(chapter.sourcesPath)/ or \(chapter.testsPath)/, not '\(field.value)'"
                    )
                }
                if let fileLine {
                    throw .malformed(
                        path: path, line: fileLine, problem: "a 'file:' line is followed by its 'replace:'")
                }
                file = field.value
                fileLine = field.line
            case "replace":
                guard let file else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "a 'file:' line names the file before its 'replace:'")
                }
                guard !field.value.isEmpty else {
                    throw .malformed(
                        path: path, line: field.line, problem: "'replace:' needs the text to replace")
                }
                edits.append(Mistake.Edit(file: file, replace: field.value, with: "", line: field.line))
                fileLine = nil
            case "with":
                guard previousKey == "replace", !edits.isEmpty else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "a 'with:' line follows the 'replace:' it belongs to")
                }
                edits[edits.count - 1].with = field.value
            default:
                continue
            }
        }
        if previousKey == "replace" || fileLine != nil {
            throw .malformed(
                path: path, line: fileLine,
                problem: "each 'file:' is followed by a 'replace:', and each 'replace:' by its 'with:'")
        }
        guard !edits.isEmpty else {
            throw .malformed(
                path: path, line: nil, problem: "a mistake makes its change in 'replace:' and 'with:' lines")
        }
        return Mistake(
            path: path, step: stage.id, title: try fields.required("title").value, edits: edits,
            shows: try fields.required("shows").value, text: document.body)
    }
}
