import Foundation
import StepRunning
import WorkbookModel

/// `stages split C.S --title T`: chapter C becomes two at a passing step S. The steps after S become a
/// new chapter C+1 that continues C (module `ChapterNN` and the title's words), with its own milestones
/// numbered from 1 (a later step that adds to a milestone of the first half keeps it: its suite is
/// in the code the new chapter starts from), C's mistakes and alternatives at those steps, and C's
/// recap and ending; every later chapter moves up one, with its folder, module and test target; every
/// text of the workbook is renumbered
/// (`SplitNumbering`). The new chapter's introduction and the first half's recap are the author's to
/// write: the command says so, with every mention it could not tell how to renumber.
package struct ChapterSplit {
    let workbook: Workbook
    let chapter: Chapter
    let step: Int
    let title: String

    package init(workbook: Workbook, chapter: Chapter, step: Int, title: String) {
        self.workbook = workbook
        self.chapter = chapter
        self.step = step
        self.title = title
    }

    var root: URL { workbook.root }
    var fileManager: FileManager { .default }

    var slug: String { StepFolder.slug(title) }

    /// The plan, or why the cut cannot be made there.
    func numbering() throws(StageKitError) -> SplitNumbering {
        let count = chapter.steps.count
        guard count > 1, (1..<count).contains(step) else {
            throw .usage("chapter \(chapter.number) has \(count) steps: cut after one of 1 to \(count - 1)")
        }
        guard let last = chapter.step(step), !last.kind.fails else {
            throw .usage(
                "step \(StepID(chapter: chapter.number, step: step)) is red: a chapter ends on a passing step, so cut after one"
            )
        }
        guard !slug.isEmpty,
            !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .usage("the title '\(title)' gives no folder name: use letters, on one line") }
        // The chapter's own milestones ("5.13"), not those of a chapter it continues ("4.2").
        let milestones = { (steps: ArraySlice<Step>) in
            steps.compactMap { step -> Int? in
                guard let parts = step.milestone?.split(separator: "."), parts.count == 2,
                    Int(parts[0]) == chapter.number
                else { return nil }
                return Int(parts[1])
            }
        }
        let before = milestones(chapter.steps[..<step])
        // The milestones past the first half's are the new chapter's, numbered from 1 in order.
        let highest = before.max() ?? 0
        let threshold = max(
            highest, (milestones(chapter.steps[step...]).filter { $0 > highest }.min() ?? 1) - 1)
        var moved: [String: String] = [:]
        for later in workbook.chapters where later.number > chapter.number {
            let prefix = String(format: "Chapter%02d", later.number)
            guard later.module.hasPrefix(prefix) else {
                throw .usage(
                    "chapter \(later.number)'s module \(later.module) does not start with \(prefix), so it"
                        + " cannot be renumbered")
            }
            moved[later.module] =
                String(format: "Chapter%02d", later.number + 1) + later.module.dropFirst(prefix.count)
        }
        let newModule = String(format: "Chapter%02d", chapter.number + 1) + Self.typeName(title)
        guard !workbook.chapters.contains(where: { $0.module == newModule }) else {
            throw .usage("a chapter already has the module \(newModule): choose another title")
        }
        return SplitNumbering(
            chapter: chapter.number, step: step, milestone: threshold, movedModules: moved,
            cutModule: chapter.module, newModule: newModule, chapterCount: workbook.chapters.count)
    }

    /// Makes the cut. Returns the new chapter's folder and the lines that still name a step after the
    /// cut by its old number, for the author to read.
    package func run() throws(StageKitError) -> (folder: URL, leftovers: [String]) {
        let numbering = try numbering()
        let newFolder = root.appendingPathComponent(
            Chapter.folderPath(named: Chapter.folderName(number: chapter.number + 1, slug: slug)))
        try preflight(numbering, newFolder: newFolder)
        do {
            return try cut(numbering, into: newFolder)
        } catch {
            throw .usage(
                "the split stopped halfway (\(error)); in the workbook's folder, `git checkout -- . && git clean"
                    + " -fd Chapters Sources Tests` undoes it")
        }
    }

    private func cut(_ numbering: SplitNumbering, into newFolder: URL) throws(StageKitError) -> (
        folder: URL, leftovers: [String]
    ) {
        let chapters = root.appendingPathComponent(Chapter.folder)
        let cutFolder = chapters.appendingPathComponent(chapter.folderName)
        let laterSteps = chapter.steps.filter { $0.number > step }
        // The mistakes and alternatives written at those steps.
        let laterNotes =
            (chapter.mistakes.map { ($0.step, $0.path) } + chapter.alternatives.map { ($0.step, $0.path) })
            .filter { (StepID($0.0)?.step ?? 0) > step }.map(\.1)
        let endings = ["recap.md", "ending.md"].filter {
            fileManager.fileExists(atPath: cutFolder.appendingPathComponent($0).path)
        }
        // The texts are rewritten where they are, then moved: what the first half keeps is known by path.
        let kept = "\(chapter.folderPath)/"
        let leaving =
            laterSteps.map { kept + "stages/\($0.folderName)/" } + laterNotes
            + endings.map { kept + $0 }
        var leftovers: [String] = []
        for path in try textFiles() {
            let url = root.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let firstHalf =
                (path.hasPrefix(kept) && !leaving.contains { path.hasPrefix($0) })
                || path.hasPrefix(chapter.sourcesPath + "/") || path.hasPrefix(chapter.testsPath + "/")
            // Outside the chapters, prose that names the cut module may mean either half: the author says.
            let isProse = path.hasSuffix(".md") && !path.hasPrefix(Chapter.folder + "/")
            var rewritten = numbering.rewrite(text, cutModuleMeansNewChapter: !firstHalf && !isProse)
            if isProse, rewritten.contains(chapter.module) {
                leftovers.append(
                    "\(path): names \(chapter.module), which may now mean \(numbering.newModule)")
            }
            if path.hasSuffix(".dot"), rewritten != text {
                leftovers.append("\(path): changed; run Scripts/render-diagrams to draw it again")
            }
            if path == "Package.swift" { rewritten = Self.listingBoth(numbering, in: rewritten) }
            if rewritten != text { try PackageWriter.write(Data(rewritten.utf8), to: url) }
            if path.hasPrefix(Chapter.folder + "/"), path.hasSuffix(".md"), !path.hasSuffix("README.md") {
                leftovers += Self.oldMentions(in: rewritten, numbering).map { "\(path): \($0)" }
            }
        }
        for later in workbook.chapters.reversed() where later.number > chapter.number {
            let newModule = numbering.movedModules[later.module] ?? later.module
            let folder = chapters.appendingPathComponent(
                Chapter.folderName(number: later.number + 1, slug: later.slug))
            try move(chapters.appendingPathComponent(later.folderName), to: folder)
            try renameModule(in: folder, from: later.module, to: newModule)
            try move(
                root.appendingPathComponent(later.sourcesPath),
                to: root.appendingPathComponent("Sources/\(newModule)"))
            try move(
                root.appendingPathComponent(later.testsPath),
                to: root.appendingPathComponent("Tests/\(newModule)Tests"))
        }
        for moving in laterSteps {
            try move(
                cutFolder.appendingPathComponent("stages/\(moving.folderName)"),
                to: newFolder.appendingPathComponent(
                    "stages/" + Step.folderName(number: moving.number - step, slug: moving.slug)))
        }
        for path in laterNotes {
            let file = root.appendingPathComponent(path)
            let folder = file.deletingLastPathComponent().lastPathComponent
            try move(file, to: newFolder.appendingPathComponent("\(folder)/\(file.lastPathComponent)"))
        }
        for name in endings {
            try move(cutFolder.appendingPathComponent(name), to: newFolder.appendingPathComponent(name))
        }
        try renameModule(in: newFolder, from: chapter.module, to: numbering.newModule)
        try PackageWriter.write(
            Data(header(numbering).utf8), to: newFolder.appendingPathComponent("chapter.md"))
        return (newFolder, leftovers)
    }

    /// Everything that would stop the cut halfway, checked before anything is written: every folder a
    /// chapter moves to is free, and Package.swift lists the cut chapter's module where the new one goes.
    private func preflight(_ numbering: SplitNumbering, newFolder: URL) throws(StageKitError) {
        var destinations = [
            newFolder.path, root.appendingPathComponent("Sources/\(numbering.newModule)").path,
        ]
        for later in workbook.chapters where later.number > chapter.number {
            let module = numbering.movedModules[later.module] ?? later.module
            destinations.append(
                root.appendingPathComponent(
                    Chapter.folderPath(named: Chapter.folderName(number: later.number + 1, slug: later.slug))
                ).path)
            destinations += ["Sources/\(module)", "Tests/\(module)Tests"].map {
                root.appendingPathComponent($0).path
            }
        }
        // A chapter moves into the folder of the one after it only after that one has moved on.
        let leaving = Set(
            workbook.chapters.filter { $0.number > chapter.number }.flatMap { later in
                [
                    root.appendingPathComponent(later.folderPath).path,
                    root.appendingPathComponent(later.sourcesPath).path,
                    root.appendingPathComponent(later.testsPath).path,
                ]
            })
        for path in destinations where !leaving.contains(path) && fileManager.fileExists(atPath: path) {
            throw .usage("\(path) is in the way of the split: move it, and nothing was changed")
        }
        let manifest =
            (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        guard manifest.contains("(\"\(chapter.module)\",") else {
            throw .usage(
                "Package.swift does not list (\"\(chapter.module)\", …) in its chapters, so the new chapter"
                    + " cannot be listed after it: nothing was changed")
        }
    }

    /// The new chapter's `chapter.md`: its header, and an introduction for the author to write.
    private func header(_ numbering: SplitNumbering) -> String {
        var lines = ["---", "title: \(title)", "module: \(numbering.newModule)"]
        if let track = chapter.track { lines.append("track: \(track)") }
        lines.append("continues: \(chapter.number)")
        if chapter.isDeepDive { lines.append("depth: deep dive") }
        if chapter.buildsAsAppTarget { lines.append("build: app target") }
        lines += chapter.testResources.map { "test-resources: \($0)" }
        lines += [
            "---",
            "This chapter goes on from step \(StepID(chapter: chapter.number, step: step)), where chapter \(chapter.number) ends."
                + " Say what it builds, and why it is a chapter of its own.", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Renames the module's folders in the steps and the start of a chapter folder.
    private func renameModule(in folder: URL, from old: String, to new: String) throws(StageKitError) {
        let stagesFolder = folder.appendingPathComponent("stages")
        let names = (try? fileManager.contentsOfDirectory(atPath: stagesFolder.path)) ?? []
        for package in names.map({ stagesFolder.appendingPathComponent($0) }) + [
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

    /// Moves what is there; a chapter without a folder of its own (no tests yet, say) has none to move.
    private func move(_ source: URL, to destination: URL) throws(StageKitError) {
        guard fileManager.fileExists(atPath: source.path) else { return }
        try PackageWriter.move(source, to: destination)
    }
}
