extension FileEdit {
    /// The edits of a header, in order: each `file:` followed by one or more edits, each edit one or
    /// more `replace:` lines (lines found together) and then one or more `with:` lines. `what` names the kind of file in errors ("a mistake").
    static func read(from document: FrontMatter, path: String, chapter: Chapter, what: String)
        throws(StageKitError) -> [FileEdit]
    {
        var edits: [FileEdit] = []
        var file: String?
        var previousKey: String?
        var fileLine: Int?
        for field in document.fields {
            defer { previousKey = field.key }
            if previousKey == "replace", field.key != "with", field.key != "replace" {
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
                            "\(what) changes a file under \(chapter.sourcesPath)/ or \(chapter.testsPath)/, not '\(field.value)'"
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
                guard !field.value.isEmpty || previousKey == "replace" else {
                    throw .malformed(
                        path: path, line: field.line, problem: "'replace:' needs the text to replace")
                }
                if previousKey == "replace", let last = edits.indices.last {
                    edits[last].replace += "\n" + field.value
                } else {
                    edits.append(FileEdit(file: file, replace: field.value, with: "", line: field.line))
                }
                fileLine = nil
            case "with":
                guard previousKey == "replace" || previousKey == "with", let last = edits.indices.last else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "a 'with:' line follows the 'replace:' it belongs to, or another 'with:'")
                }
                let line = String(repeating: " ", count: field.indentation) + field.value
                edits[last].with = previousKey == "with" ? edits[last].with + "\n" + line : line
            default:
                continue
            }
        }
        if previousKey == "replace" || fileLine != nil {
            throw .malformed(
                path: path, line: fileLine ?? edits.last?.line,
                problem: "each 'file:' is followed by a 'replace:', and each 'replace:' by its 'with:'")
        }
        guard !edits.isEmpty else {
            throw .malformed(
                path: path, line: nil, problem: "\(what) makes its change in 'replace:' and 'with:' lines")
        }
        return edits
    }
}
