import Foundation

/// `stages split C.S --title T`: chapter C becomes two at a passing step S. The steps after S become a
/// new chapter C+1 that continues C (module `ChapterNN` and the title's words), with its own milestones
/// numbered from 1 (a later step that adds to a milestone of the first half keeps it: its suite is
/// in the code the new chapter starts from), C's mistakes at those steps, and C's recap and ending; every later chapter moves up
/// one, with its folder, module and test target; every text of the workbook is renumbered
/// (`SplitNumbering`). The new chapter's introduction and the first half's recap are the author's to
/// write: the command says so, with every mention it could not tell how to renumber.
struct ChapterSplit {
    let workbook: Workbook
    let chapter: Chapter
    let step: Int
    let title: String

    private var root: URL { workbook.root }
    private var fileManager: FileManager { .default }

    var slug: String { StageFolder.slug(title) }

    /// The plan, or why the cut cannot be made there.
    func numbering() throws(StageKitError) -> SplitNumbering {
        let count = chapter.stages.count
        guard count > 1, (1..<count).contains(step) else {
            throw .usage("chapter \(chapter.number) has \(count) steps: cut after one of 1 to \(count - 1)")
        }
        guard let last = chapter.stage(step), last.kind != .red else {
            throw .usage(
                "step \(chapter.number).\(step) is red: a chapter ends on a passing step, so cut after one")
        }
        guard !slug.isEmpty else { throw .usage("the title '\(title)' gives no folder name: use letters") }
        let milestones = { (stages: ArraySlice<Stage>) in
            stages.compactMap { $0.milestone?.split(separator: ".").last.flatMap { Int($0) } }
        }
        let before = milestones(chapter.stages[..<step])
        var moved: [String: String] = [:]
        for later in workbook.chapters where later.number > chapter.number {
            let prefix = String(format: "Chapter%02d", later.number)
            guard later.module.hasPrefix(prefix) else {
                throw .usage(
                    "chapter \(later.number)'s module \(later.module) does not start with \(prefix), so it"
                        + " cannot be renumbered")
            }
            moved[later.module] = String(format: "Chapter%02d", later.number + 1) + later.module.dropFirst(9)
        }
        let newModule = String(format: "Chapter%02d", chapter.number + 1) + Self.typeName(title)
        guard !workbook.chapters.contains(where: { $0.module == newModule }) else {
            throw .usage("a chapter already has the module \(newModule): choose another title")
        }
        return SplitNumbering(
            chapter: chapter.number, step: step, milestone: before.max() ?? 0, movedModules: moved,
            cutModule: chapter.module, newModule: newModule, chapterCount: workbook.chapters.count)
    }

    /// Makes the cut. Returns the new chapter's folder and the lines that still name a step after the
    /// cut by its old number, for the author to read.
    func run() throws(StageKitError) -> (folder: URL, leftovers: [String]) {
        let numbering = try numbering()
        let chapters = root.appendingPathComponent("Chapters")
        let cutFolder = chapters.appendingPathComponent(chapter.folderName)
        let newFolder = chapters.appendingPathComponent(String(format: "%02d-%@", chapter.number + 1, slug))
        let laterStages = chapter.stages.filter { $0.number > step }
        let laterMistakes = chapter.mistakes.filter {
            Int($0.step.split(separator: ".").last ?? "") ?? 0 > step
        }
        let endings = ["recap.md", "ending.md"].filter {
            fileManager.fileExists(atPath: cutFolder.appendingPathComponent($0).path)
        }
        // The texts are rewritten where they are, then moved: what the first half keeps is known by path.
        let kept = "Chapters/\(chapter.folderName)/"
        let leaving =
            laterStages.map { kept + "stages/\($0.folderName)/" } + laterMistakes.map(\.path)
            + endings.map { kept + $0 }
        var leftovers: [String] = []
        for path in try textFiles() {
            let url = root.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let firstHalf =
                (path.hasPrefix(kept) && !leaving.contains { path.hasPrefix($0) })
                || path.hasPrefix(chapter.sourcesPath + "/") || path.hasPrefix(chapter.testsPath + "/")
            var rewritten = numbering.rewrite(text, cutModuleMeansNewChapter: !firstHalf)
            if path == "Package.swift" { rewritten = Self.listingBoth(numbering, in: rewritten) }
            if rewritten != text { try Self.replace(url, with: rewritten) }
            if path.hasPrefix("Chapters/"), path.hasSuffix(".md"), !path.hasSuffix("README.md") {
                leftovers += Self.oldMentions(in: rewritten, numbering).map { "\(path): \($0)" }
            }
        }
        for later in workbook.chapters.reversed() where later.number > chapter.number {
            let newModule = numbering.movedModules[later.module] ?? later.module
            let folder = chapters.appendingPathComponent(
                String(format: "%02d-%@", later.number + 1, later.slug))
            try move(chapters.appendingPathComponent(later.folderName), to: folder)
            try renameModule(in: folder, from: later.module, to: newModule)
            try move(
                root.appendingPathComponent(later.sourcesPath),
                to: root.appendingPathComponent("Sources/\(newModule)"))
            try move(
                root.appendingPathComponent(later.testsPath),
                to: root.appendingPathComponent("Tests/\(newModule)Tests"))
        }
        for stage in laterStages {
            try move(
                cutFolder.appendingPathComponent("stages/\(stage.folderName)"),
                to: newFolder.appendingPathComponent(
                    "stages/" + Stage.folderName(number: stage.number - step, slug: stage.slug)))
        }
        for mistake in laterMistakes {
            let file = root.appendingPathComponent(mistake.path)
            try move(file, to: newFolder.appendingPathComponent("mistakes/\(file.lastPathComponent)"))
        }
        for name in endings {
            try move(cutFolder.appendingPathComponent(name), to: newFolder.appendingPathComponent(name))
        }
        try renameModule(in: newFolder, from: chapter.module, to: numbering.newModule)
        try PackageWriter.write(
            Data(header(numbering).utf8), to: newFolder.appendingPathComponent("chapter.md"))
        return (newFolder, leftovers)
    }

    /// Writes a file's new text, keeping its permissions (a script stays executable).
    static func replace(_ url: URL, with text: String) throws(StageKitError) {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions]
        try PackageWriter.write(Data(text.utf8), to: url)
        if let permissions {
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
        }
    }

    /// The new chapter's `chapter.md`: its header, and an introduction for the author to write.
    private func header(_ numbering: SplitNumbering) -> String {
        var lines = ["---", "title: \(title)", "module: \(numbering.newModule)"]
        if let track = chapter.track { lines.append("track: \(track)") }
        lines.append("continues: \(chapter.number)")
        lines += chapter.testResources.map { "test-resources: \($0)" }
        lines += [
            "---",
            "This chapter goes on from step \(chapter.number).\(step), where chapter \(chapter.number) ends."
                + " Say what it builds, and why it is a chapter of its own.", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Every file whose text may name a chapter, a step, a milestone or a module: the chapters, the
    /// chapters' code and tests, the top-level pages and scripts, and any other code that names a
    /// chapter's module (a demo). Paths as they are before the cut.
    private func textFiles() throws(StageKitError) -> [String] {
        let modules = workbook.chapters.flatMap { [$0.module, $0.testModule] }
        var paths = ["Package.swift", "README.md", "FACILITATOR.md", ".ci/run"].filter {
            fileManager.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        for top in ["Chapters", "Sources", "Tests", "Scripts"] {
            let tree = try FileTree.read(from: root.appendingPathComponent(top), under: top + "/")
            paths += tree.paths.filter { path in
                guard !path.hasPrefix("Sources/StageKit/"), !path.hasPrefix("Tests/StageKitTests/") else {
                    return false  // the tools' own code and tests are no text of the workbook
                }
                guard Self.isText(path) else { return false }
                return top == "Chapters"
                    || modules.contains {
                        tree.files[path].flatMap { String(data: $0, encoding: .utf8) }?.contains($0) == true
                    }
            }
        }
        return paths
    }

    /// Renames the module's folders in the stages and the start of a chapter folder.
    private func renameModule(in folder: URL, from old: String, to new: String) throws(StageKitError) {
        let stages = folder.appendingPathComponent("stages")
        let names = (try? fileManager.contentsOfDirectory(atPath: stages.path)) ?? []
        for package in names.map({ stages.appendingPathComponent($0) }) + [
            folder.appendingPathComponent("start")
        ] {
            for (from, to) in [
                ("Sources/\(old)", "Sources/\(new)"), ("Tests/\(old)Tests", "Tests/\(new)Tests"),
            ] {
                let source = package.appendingPathComponent(from)
                if fileManager.fileExists(atPath: source.path) {
                    try move(source, to: package.appendingPathComponent(to))
                }
            }
        }
    }

    private func move(_ source: URL, to destination: URL) throws(StageKitError) {
        guard fileManager.fileExists(atPath: source.path) else { return }
        do {
            try fileManager.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.moveItem(at: source, to: destination)
        } catch {
            throw .writeFailed(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Package.swift lists the new chapter's module after the cut one's: the rewrite made the cut
    /// chapter's entry the new module's, so the cut one's goes back in before it.
    static func listingBoth(_ numbering: SplitNumbering, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("(\"\(numbering.newModule)\",") }) else {
            return text
        }
        lines.insert(
            lines[index].replacingOccurrences(of: numbering.newModule, with: numbering.cutModule), at: index)
        return lines.joined(separator: "\n")
    }

    /// Lines that still name a step of the cut chapter past the cut ("5.30" with no "step" before it).
    static func oldMentions(in text: String, _ numbering: SplitNumbering) -> [String] {
        text.components(separatedBy: "\n").filter { line in
            var found = false
            _ = SplitNumbering.replacing(#"(?<![\w.])(\d+)\.(\d+)\b"#, in: line) { groups, whole in
                if groups.count == 2, groups[0] == numbering.chapter, groups[1] > numbering.step {
                    found = true
                }
                return whole
            }
            return found
        }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether a file is one the split rewrites: writing, code and scripts, not a picture made from
    /// its source (`stack.svg`) or a payload (`.json`).
    static func isText(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return true }
        return ["md", "swift", "dot", "sh", "py", "yml"].contains(String(name[name.index(after: dot)...]))
    }

    /// "Real answers and screens" → "RealAnswersAndScreens".
    static func typeName(_ title: String) -> String {
        title.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
