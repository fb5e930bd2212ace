import Foundation

/// Where a learner is: the chapter, the step being worked on, the hints seen and the goals met. It is
/// one small file in the workspace (`.workbook/progress.json`), so it moves with the workspace.
public struct LearnerProgress: Codable, Equatable, Sendable {
    public var chapter: Int
    /// The step being worked on; one past the last step when the chapter is done.
    public var stage: Int
    /// Whether `next` brings in each red step's tests.
    public var guided: Bool
    /// How many hints of each step ("1.3") have been shown.
    public var hintsShown: [String: Int]
    /// The steps whose goal `check` has seen met.
    public var met: [String]

    public init(chapter: Int, stage: Int, guided: Bool, hintsShown: [String: Int] = [:], met: [String] = []) {
        self.chapter = chapter
        self.stage = stage
        self.guided = guided
        self.hintsShown = hintsShown
        self.met = met
    }

    public var stageID: String { "\(chapter).\(stage)" }

    static let folder = ".workbook"
    static let file = ".workbook/progress.json"

    /// Reads the workspace's progress; nil when it has none.
    public static func read(in workspace: URL) throws(StageKitError) -> LearnerProgress? {
        let url = workspace.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path),
            let progress = try? JSONDecoder().decode(LearnerProgress.self, from: data)
        else {
            throw .malformed(
                path: url.path, line: nil,
                problem: "the progress file is damaged: run 'workbook goto C.S' to pick your step again")
        }
        return progress
    }

    /// Writes it whole or not at all.
    public func write(in workspace: URL) throws(StageKitError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else {
            throw .writeFailed(
                path: workspace.appendingPathComponent(Self.file).path, reason: "it cannot be encoded")
        }
        try PackageWriter.write(data, to: workspace.appendingPathComponent(Self.file))
    }
}
