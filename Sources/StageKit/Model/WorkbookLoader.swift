import Foundation

/// Reads `Chapters/` into a ``Workbook``, rejecting anything malformed with the file it is in.
package enum WorkbookLoader {
    package static func load(root: URL) throws(StageKitError) -> Workbook {
        let chaptersFolder = root.appendingPathComponent(Chapter.folder)
        let names = try folderNames(in: chaptersFolder, label: Chapter.folder + "/")
        var chapters: [Chapter] = []
        for name in names {
            guard let (number, slug) = numberedName(name) else {
                throw .unexpectedFile(
                    path: Chapter.folderPath(named: name),
                    why: "a chapter folder is named NN-slug, like 01-skeleton-resource")
            }
            chapters.append(
                try loadChapter(
                    number: number, slug: slug, folder: chaptersFolder.appendingPathComponent(name)))
        }
        try checkNumbering(chapters.map(\.number), what: "chapter", in: Chapter.folder + "/")
        for chapter in chapters {
            if let previous = chapter.continues, !chapters.contains(where: { $0.number == previous }) {
                throw .malformed(
                    path: "\(chapter.folderPath)/chapter.md", line: nil,
                    problem: "it continues chapter \(previous), which does not exist")
            }
        }
        return Workbook(root: root, chapters: chapters)
    }

    static func loadChapter(number: Int, slug: String, folder: URL) throws(StageKitError) -> Chapter {
        let folderPath = Chapter.folderPath(named: folder.lastPathComponent)
        let headerPath = "\(folderPath)/chapter.md"
        let document = try FrontMatter.parse(
            readText(
                folder.appendingPathComponent("chapter.md"), path: headerPath,
                why: "every chapter folder has one"),
            path: headerPath)
        let fields = try FieldReader(
            document, path: headerPath,
            known: ["title", "module", "continues", "test-resources", "track", "depth", "build"])
        let module = try fields.required("module")
        guard isPlainName(module.value), !module.value.contains("-"), !module.value.contains("_"),
            module.value.first?.isUppercase == true
        else {
            throw .malformed(
                path: headerPath, line: module.line,
                problem: "'\(module.value)' is not a module name like Chapter01Name")
        }
        var continues: Int?
        if let field = try fields.optional("continues") {
            guard let value = Int(field.value), value < number else {
                throw .malformed(
                    path: headerPath, line: field.line,
                    problem: "'continues' takes the number of an earlier chapter, not '\(field.value)'")
            }
            continues = value
        }
        let testResources = fields.all("test-resources").map(\.value)
        for field in fields.all("test-resources")
        where !isPlainName(field.value) {
            throw .malformed(
                path: headerPath, line: field.line,
                problem:
                    "'test-resources' names a folder of the test target, like Fixtures, not '\(field.value)'")
        }
        let isDeepDive = try fields.says(
            "depth", "deep dive", otherwise: "core", meaning: "beyond the tutorial's path")
        let buildsAsAppTarget = try fields.says(
            "build", "app target", otherwise: "library", meaning: "main-actor isolation by default")
        var chapter = Chapter(
            number: number, slug: slug, title: try fields.required("title").value, module: module.value,
            testResources: testResources, continues: continues,
            track: try fields.optional("track")?.value, intro: document.body, start: FileTree(),
            steps: [])
        chapter.isDeepDive = isDeepDive
        chapter.buildsAsAppTarget = buildsAsAppTarget
        let recap = folder.appendingPathComponent("recap.md")
        if FileManager.default.fileExists(atPath: recap.path) {
            chapter.recap = try readText(recap, path: "\(folderPath)/recap.md", why: "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        chapter.stackDiagram = FileManager.default.contents(
            atPath: folder.appendingPathComponent("stack.svg").path)
        let ending = folder.appendingPathComponent("ending.md")
        if FileManager.default.fileExists(atPath: ending.path) {
            let path = "\(folderPath)/ending.md"
            chapter.ending = try ChapterEndingLoader.parse(readText(ending, path: path, why: ""), path: path)
        }
        chapter.start = try readPackageFiles(
            in: folder.appendingPathComponent("start"), path: "\(folderPath)/start", chapter: chapter)

        // A chapter being started has no steps yet (the chain says so); the authoring tools add them.
        let stagesFolder = folder.appendingPathComponent("stages")
        let stepNames =
            FileManager.default.fileExists(atPath: stagesFolder.path)
            ? try folderNames(in: stagesFolder, label: "\(folderPath)/stages/") : []
        for name in stepNames {
            guard let (stepNumber, stepSlug) = numberedName(name) else {
                throw .unexpectedFile(
                    path: "\(folderPath)/stages/\(name)",
                    why: "a step folder is named NN-slug, like 03-get-top-apps")
            }
            chapter.steps.append(
                try StepLoader.load(
                    folder: stagesFolder.appendingPathComponent(name), path: "\(folderPath)/stages/\(name)",
                    chapter: chapter, number: stepNumber, slug: stepSlug))
        }
        try checkNumbering(chapter.steps.map(\.number), what: "step", in: "\(folderPath)/stages/")
        chapter.mistakes = try MistakeLoader.load(
            folder: folder.appendingPathComponent("mistakes"), path: "\(folderPath)/mistakes",
            chapter: chapter)
        chapter.alternatives = try AlternativeLoader.load(
            folder: folder.appendingPathComponent("alternatives"), path: "\(folderPath)/alternatives",
            chapter: chapter)
        return chapter
    }

    /// Reads the package files of a step or start folder: only `Sources/<module>/` and
    /// `Tests/<module>Tests/` may hold files.
    static func readPackageFiles(in folder: URL, path: String, chapter: Chapter) throws(StageKitError)
        -> FileTree
    {
        let tree = try FileTree.read(from: folder)
        var files: [String: Data] = [:]
        for (relative, data) in tree.files where relative != "stage.md" {
            guard chapter.ownsPath(relative)
            else {
                throw .unexpectedFile(
                    path: "\(path)/\(relative)",
                    why: "a step's files live under \(chapter.sourcesPath)/ or \(chapter.testsPath)/")
            }
            files[relative] = data
        }
        // A Mac's default file system takes two names that differ only in case for one file.
        let byFolded = Dictionary(grouping: files.keys) { $0.lowercased() }
        if let clash = byFolded.values.first(where: { $0.count > 1 })?.sorted() {
            throw .unexpectedFile(
                path: "\(path)/\(clash[1])",
                why: "it differs from \(clash[0]) only in case, and a Mac takes the two for one file")
        }
        return FileTree(files)
    }

    package static func readText(_ url: URL, path: String, why: String) throws(StageKitError) -> String {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .missingFile(path: path, why: why)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .unreadable(path: path) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .malformed(path: path, line: nil, problem: "it is not UTF-8 text")
        }
        // A file saved with Windows line ends reads as the same text with Unix ones.
        return text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    static func folderNames(in folder: URL, label: String) throws(StageKitError) -> [String] {
        try entries(in: folder, label: label).filter(\.isFolder).map(\.name)
    }

    /// What a folder holds, hidden names aside, sorted by name; a symbolic link is refused.
    package static func entries(
        in folder: URL, label: String, why: String = "the workbook keeps its steps there"
    ) throws(StageKitError) -> [(name: String, isFolder: Bool)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw .missingFile(path: label, why: why)
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw .unreadable(path: label)
        }
        for name in names where !name.hasPrefix(".") {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(name).path)
            if attributes?[.type] as? FileAttributeType == .typeSymbolicLink {
                throw .unexpectedFile(
                    path: "\(label)\(name)",
                    why: "it is a symbolic link, and the workbook keeps real files and folders only")
            }
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return exists ? (name, isFolder.boolValue) : nil
        }
    }

    /// A name that goes into a generated manifest as it is: letters, digits, "-" and "_", not starting with
    /// "-". Anything else could end the manifest's string and run as Swift code.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// "03-get-top-apps" → (3, "get-top-apps").
    static func numberedName(_ name: String) -> (Int, String)? {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 2, let number = Int(parts[0]), number > 0 else {
            return nil
        }
        let slug = String(parts[1])
        guard slug.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }) else {
            return nil
        }
        return (number, slug)
    }

    static func checkNumbering(_ numbers: [Int], what: String, in path: String) throws(StageKitError) {
        var seen: Set<Int> = []
        for number in numbers where !seen.insert(number).inserted {
            throw .malformed(
                path: path, line: nil,
                problem: String(
                    format: "two %@ folders share the number %02d: number each one once", what, number))
        }
        for (index, number) in numbers.enumerated() where number != index + 1 {
            let expected = String(format: "%02d", index + 1)
            throw .malformed(
                path: path, line: nil,
                problem:
                    "\(what)s are numbered 01, 02, … with no gap or repeat, but \(what) \(expected) is missing"
            )
        }
    }
}
