/// A step's id as people and files write it: "3.4", chapter 3's step 4. Step 0 is the chapter's
/// start, before its first step ("3.0"). The one reader and writer of the form: the tools' command
/// lines, the step and mistake files, the texts that name steps and the learner's progress all go
/// through it.
package struct StepID: Hashable, Sendable, CustomStringConvertible {
    package var chapter: Int
    package var step: Int

    package init(chapter: Int, step: Int) {
        self.chapter = chapter
        self.step = step
    }

    /// "3.4"; nil for anything else ("3", "3.", "3.x", "3.4.5", "-1.2", "+3.4").
    package init?(_ text: some StringProtocol) {
        let isNumber = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let (chapter, step) = Self.parts(text), isNumber(chapter), let step, isNumber(step),
            let chapter = Int(chapter), let number = Int(step)
        else { return nil }
        self.init(chapter: chapter, step: number)
    }

    package var description: String { "\(chapter).\(step)" }

    /// The two parts of "C.S" or "C" as written, before anything checks them: a command line may name
    /// the chapter by its slug ("skeleton-resource.3"). Nil when there are more than two, or the
    /// chapter's is empty.
    static func parts(_ text: some StringProtocol) -> (chapter: Substring, step: Substring?)? {
        let parts = Substring(text).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { return nil }
        return (parts[0], parts.count == 2 ? parts[1] : nil)
    }
}
