import Foundation
import StepRunning
import WorkbookModel

/// Which chapters' green steps `run-stages --forced --record` last proved forced, each with a digest of
/// everything that proof depends on: every package the chapter's steps make (manifest, sources, tests),
/// its `unforced:` lines and the toolchain's version. `--forced --changed` takes back only the changes
/// of the chapters whose digest is no longer the recorded one, so that CI proves again what changed.
package struct ForcedRecord: Equatable, Sendable {
    package static let path = "Chapters/forced-lines.txt"
    package static let header = """
        # Made by Scripts/run-stages --forced --record: a chapter whose every green change was proven needed by
        # a test, or named with its reason, and a digest of the packages, reasons and toolchain of that proof.
        """

    /// How changes are cut and judged: a new number proves every chapter again, as a new toolchain does.
    package static let checker = "forced-lines 2"

    /// Each proven chapter's digest, by its number.
    package var digests: [Int: String] = [:]

    package init(digests: [Int: String] = [:]) {
        self.digests = digests
    }

    /// The record in the workbook's folder; none yet is an empty record.
    package static func read(in root: URL) throws(StageKitError) -> ForcedRecord {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return ForcedRecord() }
        let text = try WorkbookLoader.readText(url, path: path, why: "run-stages --forced --record writes it")
        var record = ForcedRecord()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: " ")
            guard fields.count == 2, let chapter = Int(fields[0]), fields[1].count == 16,
                fields[1].allSatisfy(\.isHexDigit)
            else {
                throw .malformed(
                    path: path, line: index + 1,
                    problem: "each line is a chapter's number and a digest of 16 hex digits: write it again "
                        + "with Scripts/run-stages --forced --record")
            }
            record.digests[chapter] = String(fields[1])
        }
        return record
    }

    package var text: String {
        Self.header + "\n" + digests.keys.sorted().map { "\($0) \(digests[$0] ?? "")\n" }.joined()
    }

    /// What a proof of the chapter's green steps depends on, as 16 hex digits (FNV-1a, 64 bits: a
    /// fingerprint of inputs, not a defence against forgery, which CI's own run of the steps is).
    package static func digest(of chapter: Chapter, in workbook: Workbook, swift: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        add(Array("\(checker) \(swift)".utf8))
        let trees = [workbook.startTree(of: chapter)] + workbook.trees(of: chapter)
        for tree in trees {
            let package = StepPackage.files(for: chapter, tree: tree)
            for path in package.paths {
                add(Array(path.utf8))
                add(package.files[path] ?? Data())
            }
        }
        for step in chapter.steps {
            // A step's kind says whether it is taken apart; its given files are left out of it.
            add(Array("\(step.id) \(step.kind.rawValue) \(step.given.joined(separator: " "))".utf8))
            for unforced in step.unforced {
                add(Array("\(step.id) \(unforced.fragment) \(unforced.reason)".utf8))
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension ForcedLines {
    /// `--forced` as the command runs it: all the chosen chapters, or with `changedOnly` those whose
    /// digest differs from the record; with `recording`, each chapter that passed is recorded.
    package func run(_ selection: WalkSelection, changedOnly: Bool, recording: Bool, toolchain: String)
        throws(StageKitError) -> Int32
    {
        var record = changedOnly || recording ? try ForcedRecord.read(in: workbook.root) : ForcedRecord()
        var chapters: [Int] = []
        for (chapter, _) in try selection.steps(in: workbook) where !chapters.contains(chapter.number) {
            chapters.append(chapter.number)
        }
        let digests = Dictionary(
            uniqueKeysWithValues: chapters.compactMap(workbook.chapter).map {
                ($0.number, ForcedRecord.digest(of: $0, in: workbook, swift: toolchain))
            })
        if changedOnly {
            let proven = chapters.filter { record.digests[$0] == digests[$0] }
            chapters.removeAll(where: proven.contains)
            if !proven.isEmpty {
                print(
                    "as proven in \(ForcedRecord.path), unchanged since: chapter(s) "
                        + proven.map(String.init).joined(separator: ", "))
            }
            guard !chapters.isEmpty else {
                print("forced lines passed: no chosen chapter changed since its proof.")
                return 0
            }
        }
        let report = try run(selection, chapters: Set(chapters))
        guard recording else { return report.passed ? 0 : 1 }
        let failed = Set(report.checked.filter { $0.problem != nil }.map(\.step.chapterNumber))
        let passed = chapters.filter { !failed.contains($0) && report.stepProblems.isEmpty }
        guard !passed.isEmpty else {
            print("recorded no chapter in \(ForcedRecord.path): none passed")
            return 1
        }
        for chapter in passed { record.digests[chapter] = digests[chapter] }
        try PackageWriter.write(
            Data(record.text.utf8), to: workbook.root.appendingPathComponent(ForcedRecord.path))
        print(
            "recorded chapter(s) \(passed.map(String.init).joined(separator: ", ")) in \(ForcedRecord.path)")
        return report.passed ? 0 : 1
    }
}
