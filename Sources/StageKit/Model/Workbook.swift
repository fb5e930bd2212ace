import Foundation

/// Every chapter of the workbook, read from `Chapters/` below `root`.
package struct Workbook: Sendable {
    package var root: URL
    package var chapters: [Chapter]

    /// The chapter of `chapter`'s track that keeps the track's picture, if one does: the chapter itself
    /// or one it continues, or else one that names the same track.
    package func stackDiagramChapter(of chapter: Chapter) -> Chapter? {
        var current: Chapter? = chapter
        while let candidate = current {
            if candidate.stackDiagram != nil { return candidate }
            current = candidate.continues.flatMap(self.chapter)
        }
        return chapters.first { $0.stackDiagram != nil && $0.track != nil && $0.track == chapter.track }
    }

    package func chapter(_ number: Int) -> Chapter? {
        chapters.first { $0.number == number }
    }

    /// Finds a chapter by number ("1", "01") or by its slug ("skeleton-resource").
    package func chapter(named name: String) throws(StageKitError) -> Chapter {
        if let number = Int(name), let chapter = chapter(number) { return chapter }
        if let chapter = chapters.first(where: { $0.slug == name || $0.folderName == name }) {
            return chapter
        }
        throw .unknownChapter(name)
    }

    /// The place a command line names: "1.3" (chapter 1, step 3), "1.0" (chapter 1's start), or "1"
    /// (a chapter alone, no step: nil), read by `StepID`. A chapter is named by number or slug; a step number must exist,
    /// or, with `allowingNext`, be the one after the chapter's last (where a step is added).
    package func place(named name: String, allowingNext: Bool = false) throws(StageKitError)
        -> (chapter: Chapter, number: Int?)
    {
        guard let parts = StepID.parts(name) else { throw .unknownStep(name) }
        guard let chapter = try? self.chapter(named: String(parts.chapter)) else {
            throw parts.step != nil ? .unknownStep(name) : .unknownChapter(name)
        }
        guard let step = parts.step else { return (chapter, nil) }
        guard let number = Int(step),
            number == 0 || chapter.step(number) != nil
                || (allowingNext && number == chapter.steps.count + 1)
        else {
            throw .unknownStep(name)
        }
        return (chapter, number)
    }

    /// The step a name points at, which must exist: "1.3".
    package func step(named name: String) throws(StageKitError) -> (Chapter, Step) {
        guard name.contains(".") else {
            throw .usage("'\(name)' is not a step: name one as chapter.step, like 1.3")
        }
        let (chapter, number) = try place(named: name)
        guard let number, let step = chapter.step(number) else { throw .unknownStep(name) }
        return (chapter, step)
    }

    /// A step ("1.3"), or a chapter's start, before its first step ("1.0"), as a checkout names
    /// them; `nil` stands for the start.
    package func stepOrStart(named name: String) throws(StageKitError) -> (Chapter, Step?) {
        let (chapter, number) = try place(named: name)
        guard let number else { throw .unknownStep(name) }
        return (chapter, chapter.step(number))
    }

    /// The package files of a chapter before its first step: what it continues, with its own start.
    package func startTree(of chapter: Chapter) -> FileTree {
        var tree = FileTree()
        if let previousNumber = chapter.continues, let previous = self.chapter(previousNumber),
            previousNumber < chapter.number
        {
            tree = finalTree(of: previous).renamingModule(previous.module, to: chapter.module)
        }
        return tree.overlaid(with: chapter.start)
    }

    /// The package files after each of the chapter's steps, in order.
    package func trees(of chapter: Chapter) -> [FileTree] { stepTrees(of: chapter).after }

    /// The package files after each step of these chapters, by the step's id ("1.3"): each chapter is
    /// made once, in one pass, for loops that would otherwise replay it from its start at every step.
    package func treesAfterEachStep(of chapters: [Chapter]) -> [String: FileTree] {
        Dictionary(
            chapters.flatMap { chapter in zip(chapter.steps.map(\.id), trees(of: chapter)) },
            uniquingKeysWith: { $1 })
    }

    /// The package files before and after each of the chapter's steps, in order, made in one pass
    /// (`tree(before:in:)` and `tree(after:in:)` replay the chapter at each call: for one step).
    package func stepTrees(of chapter: Chapter) -> (before: [FileTree], after: [FileTree]) {
        var tree = startTree(of: chapter)
        var before: [FileTree] = []
        var after: [FileTree] = []
        for step in chapter.steps {
            before.append(tree)
            tree = tree.overlaid(with: step.changes)
            for path in step.deletions { tree.files[path] = nil }
            after.append(tree)
        }
        return (before, after)
    }

    package func tree(after step: Step, in chapter: Chapter) -> FileTree {
        let trees = trees(of: chapter)
        guard let index = chapter.steps.firstIndex(of: step) else { return startTree(of: chapter) }
        return trees[index]
    }

    /// The package files just before `step`: the previous step's, or the chapter's start.
    package func tree(before step: Step, in chapter: Chapter) -> FileTree {
        guard let index = chapter.steps.firstIndex(of: step), index > 0 else {
            return startTree(of: chapter)
        }
        return tree(after: chapter.steps[index - 1], in: chapter)
    }

    /// The first chapter after `chapter` that is not a deep dive: where a learner who skips goes on.
    package func nextCoreChapter(after chapter: Chapter) -> Chapter? {
        chapters.first { $0.number > chapter.number && !$0.isDeepDive }
    }

    package func finalTree(of chapter: Chapter) -> FileTree {
        trees(of: chapter).last ?? startTree(of: chapter)
    }
}
