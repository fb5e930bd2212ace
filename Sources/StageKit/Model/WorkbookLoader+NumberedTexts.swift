import Foundation

extension WorkbookLoader {
    /// The texts of a chapter's folder of `NN-slug.md` files (`mistakes/`, `alternatives/`), in order,
    /// each with its path; none when the folder is not there. `noun` and `what` name one file in
    /// errors ("mistake", "a mistake"), `example` is a good name for one.
    static func numberedTexts(in folder: URL, path: String, noun: String, what: String, example: String)
        throws(StageKitError) -> [(path: String, text: String)]
    {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        var texts: [(path: String, text: String)] = []
        var numbers: [Int] = []
        let entries = try entries(
            in: folder, label: "\(path)/", why: "a chapter keeps them there, as NN-slug.md files")
        for (name, isFolder) in entries {
            guard !isFolder, name.hasSuffix(".md"), let (number, _) = numberedName(String(name.dropLast(3)))
            else {
                throw .unexpectedFile(
                    path: "\(path)/\(name)", why: "\(what) is a file named NN-slug.md, like \(example)")
            }
            let filePath = "\(path)/\(name)"
            texts.append(
                (filePath, try readText(folder.appendingPathComponent(name), path: filePath, why: "")))
            numbers.append(number)
        }
        try checkNumbering(numbers, what: noun, in: "\(path)/")
        return texts
    }

    /// The step a header's `step:` line names, which must be one of the chapter's.
    static func step(of fields: FieldReader, path: String, chapter: Chapter) throws(StageKitError) -> Step {
        let field = try fields.required("step")
        guard let id = StepID(field.value), id.chapter == chapter.number, let step = chapter.step(id.step)
        else {
            throw .malformed(
                path: path, line: field.line,
                problem: "chapter \(chapter.number) has no step '\(field.value)'")
        }
        return step
    }
}
