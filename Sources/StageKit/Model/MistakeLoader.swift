import Foundation

/// Reads a chapter's `mistakes/` folder: `NN-slug.md` files, each a `Mistake`.
enum MistakeLoader {
    static let known: Set<String> = ["step", "title", "file", "replace", "with", "shows"]

    static func load(folder: URL, path: String, chapter: Chapter) throws(StageKitError) -> [Mistake] {
        var mistakes: [Mistake] = []
        for (filePath, text) in try WorkbookLoader.numberedTexts(
            in: folder, path: path, noun: "mistake", what: "a mistake", example: "01-no-request.md")
        {
            mistakes.append(try parse(text, path: filePath, chapter: chapter))
        }
        return mistakes
    }

    static func parse(_ text: String, path: String, chapter: Chapter) throws(StageKitError) -> Mistake {
        let document = try FrontMatter.parse(text, path: path)
        let fields = try FieldReader(document, path: path, known: known)
        let step = try WorkbookLoader.step(of: fields, path: path, chapter: chapter)
        let edits = try FileEdit.read(from: document, path: path, chapter: chapter, what: "a mistake")
        return Mistake(
            path: path, step: step.id, title: try fields.required("title").value, edits: edits,
            shows: try fields.required("shows").value, text: document.body)
    }
}
