import Foundation
import StepRunning
import WorkbookModel

/// Where a learner is: the chapter, the step being worked on, the hints seen and the goals met. It is
/// one small file in the workspace (`.workbook/progress.json`), so it moves with the workspace.
package struct LearnerProgress: Codable, Equatable, Sendable {
    package var chapter: Int
    /// The step being worked on; one past the last step when the chapter is done.
    package var step: Int
    /// Whether `next` brings in each red step's tests.
    package var guided: Bool
    /// How many hints of each step ("1.3") have been shown.
    package var hintsShown: [String: Int]
    /// The steps whose goal `check` has seen met.
    package var met: [String]
    /// For a met step, the digest of the learner's files when it was met: `next` trusts that check
    /// while the files are the same.
    package var metFiles: [String: String]?
    /// For a step whose last check missed its goal, the first thing that check said was wrong: `hint`
    /// says so before it offers hints meant for the goal.
    package var lastMiss: [String: String]?

    /// The file keeps the key it was first written with, "stage", so that a workspace begun before the
    /// code said "step" reads as it did.
    enum CodingKeys: String, CodingKey {
        case chapter
        case step = "stage"
        case guided, hintsShown, met, metFiles, lastMiss
    }

    package init(chapter: Int, step: Int, guided: Bool, hintsShown: [String: Int] = [:], met: [String] = []) {
        self.chapter = chapter
        self.step = step
        self.guided = guided
        self.hintsShown = hintsShown
        self.met = met
    }

    package var stepID: String { StepID(chapter: chapter, step: step).description }

    static let file = ".workbook/progress.json"

    /// Reads the workspace's progress, nil when it has none, and checks every field against the
    /// workbook: a damaged or edited file is one sentence, never a wrong answer.
    package static func read(in workspace: URL, workbook: Workbook) throws(StageKitError) -> LearnerProgress?
    {
        let url = workspace.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path),
            let progress = try? JSONDecoder().decode(LearnerProgress.self, from: data)
        else { throw damaged(url, "it cannot be read") }
        guard let chapter = workbook.chapter(progress.chapter) else {
            throw damaged(url, "it names chapter \(progress.chapter), which the workbook does not have")
        }
        guard (1...chapter.steps.count + 1).contains(progress.step) else {
            throw damaged(
                url, "it names step \(progress.stepID), which chapter \(chapter.number) does not have")
        }
        let steps = Dictionary(uniqueKeysWithValues: chapter.steps.map { ($0.id, $0) })
        for (id, shown) in progress.hintsShown {
            guard let step = steps[id], (0...step.hints.count).contains(shown) else {
                throw damaged(url, "its hint count for step \(id) (\(shown)) is not one the step has")
            }
        }
        for id in progress.met + Array((progress.metFiles ?? [:]).keys)
            + Array((progress.lastMiss ?? [:]).keys)
        where steps[id] == nil {
            throw damaged(url, "it says step \(id) is met, which chapter \(chapter.number) does not have")
        }
        for (id, digest) in progress.metFiles ?? [:] where !digest.allSatisfy(\.isHexDigit) {
            throw damaged(url, "its record of your files at step \(id) is not a digest")
        }
        for (id, miss) in progress.lastMiss ?? [:]
        where PlainText.firstHidden(in: miss, allowing: ["\n", "\t"]) != nil {
            throw damaged(url, "what it kept of your last check at step \(id) holds control characters")
        }
        return progress
    }

    static func damaged(_ url: URL, _ problem: String) -> StageKitError {
        .malformed(
            path: url.path, line: nil,
            problem: "the progress file is damaged (\(problem)): 'workbook goto C.S' picks your step again")
    }

    /// Writes it whole or not at all.
    package func write(in workspace: URL) throws(StageKitError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else {
            throw .writeFailed(
                path: workspace.appendingPathComponent(Self.file).path, reason: "it cannot be encoded")
        }
        try PackageWriter.write(data, to: workspace.appendingPathComponent(Self.file))
    }
}
