import Foundation

/// Reads a chapter's `alternatives/` folder: `NN-slug.md` files, each an `Alternative`.
enum AlternativeLoader {
    static let known: Set<String> = ["step", "title", "file", "replace", "with"]

    static func load(folder: URL, path: String, chapter: Chapter) throws(StageKitError) -> [Alternative] {
        var alternatives: [Alternative] = []
        for (filePath, text) in try WorkbookLoader.numberedTexts(
            in: folder, path: path, noun: "alternative", what: "an alternative",
            example: "01-guard-for-if.md")
        {
            alternatives.append(try parse(text, path: filePath, chapter: chapter))
        }
        return alternatives
    }

    static func parse(_ text: String, path: String, chapter: Chapter) throws(StageKitError) -> Alternative {
        let document = try FrontMatter.parse(text, path: path)
        let fields = try FieldReader(document, path: path, known: known)
        let step = try WorkbookLoader.step(of: fields, path: path, chapter: chapter)
        guard step.kind.isLearnersCode else {
            throw .malformed(
                path: path, line: try fields.required("step").line,
                problem:
                    "an alternative is code a learner writes at a green or refactor step, and step \(step.id) is a \(step.kind.rawValue) step"
            )
        }
        let edits = try FileEdit.read(from: document, path: path, chapter: chapter, what: "an alternative")
        let title = try fields.required("title").value
        guard !document.body.isEmpty else {
            throw .malformed(
                path: path, line: nil,
                problem:
                    "below its header, an alternative says why a learner writes it so and why it is right")
        }
        return Alternative(path: path, step: step.id, title: title, edits: edits, text: document.body)
    }
}
