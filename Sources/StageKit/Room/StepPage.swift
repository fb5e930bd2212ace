import Foundation
import WorkbookModel
import WorkbookText

/// A step's name as the dashboard shows it: "3.4 🔴 Its title", or "Chapter 3 done" one past its last.
struct StepTitles {
    let workbook: Workbook

    init(_ workbook: Workbook) {
        self.workbook = workbook
    }

    /// The step a room's id names, written as `workbook` writes it ("3.4", never "03.4" or a slug): a
    /// step of the workbook, or one past a chapter's last (nil in place of the step) for a chapter done.
    func step(_ id: String) -> (Chapter, Step?)? {
        guard let parsed = StepID(id), parsed.description == id, parsed.step >= 1,
            let (chapter, number) = try? workbook.place(named: id, allowingNext: true), let number
        else { return nil }
        return (chapter, chapter.step(number))
    }

    func title(of id: String) -> String {
        guard let (chapter, step) = step(id) else { return id }
        guard let step else { return "Chapter \(chapter.number) done" }
        return step.heading
    }
}

/// A step's page, linked from the dashboard's errors: what its check is met by, the step's text (its
/// Markdown as written), its hints, and the mistakes written down for it, so that a facilitator walking
/// to a learner knows what the step asks.
struct StepPage {
    let workbook: Workbook
    let chapter: Chapter
    let step: Step

    /// The dashboard's query (its code, its stuck time, names hidden or not), for the way back.
    let back: String

    init?(workbook: Workbook, step id: String, back: String) {
        guard let (chapter, step) = StepTitles(workbook).step(id), let step else { return nil }
        self.workbook = workbook
        self.chapter = chapter
        self.step = step
        self.back = back
    }

    func page() -> String {
        let mistakes = chapter.mistakes.filter { $0.step == step.id }
        let hints = step.hints.map { "<li>\(Html.text($0))</li>" }.joined()
        let mistakeItems = mistakes.map { mistake in
            "<li><strong>\(Html.text(mistake.title))</strong><p>\(Html.text(mistake.text))</p></li>"
        }
        let title = StepTitles(workbook).title(of: step.id)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Html.text(title))</title>
            <style>\(DashboardPage.style) .text { white-space: pre-wrap; max-width: 50em; }</style></head>
            <body><p><a href="/\(Html.text(back))">Back to the room</a></p>
            <h1>\(Html.text(title))</h1>
            <p>Chapter \(chapter.number), \(Html.text(chapter.title)): \(Html.text(chapter.readmePath)),
            at “Step \(Html.text(step.id))”.</p>
            <p><strong>Its check is met when:</strong> \(Html.text(StepTexts.goal(of: step, in: chapter)))</p>
            <div class="text">\(Html.text(step.text))</div>
            <h2>Hints</h2>\(hints.isEmpty ? "<p>None.</p>" : "<ol>\(hints)</ol>")
            <h2>Mistakes written down for this step</h2>
            \(mistakeItems.isEmpty ? "<p>None.</p>" : "<ul>\(mistakeItems.joined())</ul>")
            </body></html>
            """
    }
}
