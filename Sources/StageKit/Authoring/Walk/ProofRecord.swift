import Foundation
import StepRunning
import WorkbookModel

/// What each proof of a chapter last showed, kept in the repository so that CI proves again only what
/// changed: a line per proof of a chapter, its name, the chapter's number and a digest of everything
/// that proof depends on. Only a run of the proof that passed writes a line (`--record`), never a
/// person; `--changed` proves only the chapters whose digest is no longer the one recorded.
///
/// The proofs: `walk` (every step shows what it must), `forced` (every change of a green step is needed
/// by a test), and the learner's replays, `replay-steps`, `replay-mistakes` and `replay-alternatives`,
/// each under the toolchain that ran it: a proof under a stand-in toolchain (Tests/StandInToolchain's
/// words, Tests/SwiftBuildToolchain's build system) is named with it, `replay-steps@StandInToolchain`.
package struct ProofRecord: Equatable, Sendable {
    package static let path = "Chapters/proofs.txt"
    package static let header = """
        # Made by Scripts/run-stages --record and Scripts/replay-learner --record, never by hand: a proof that
        # passed, the chapter it proved, and a digest of all it depends on (the chapter's files and those of
        # the chapter it continues, the tools' sources, Package.swift, the toolchain and its build system).
        """

    /// A proof of one chapter.
    package struct Key: Hashable, Comparable, Sendable {
        package var proof: String
        package var chapter: Int

        package init(_ proof: String, chapter: Int) {
            self.proof = proof
            self.chapter = chapter
        }

        package static func < (left: Key, right: Key) -> Bool {
            (left.proof, left.chapter) < (right.proof, right.chapter)
        }
    }

    /// Each recorded proof's digest.
    package var digests: [Key: String] = [:]

    package init(digests: [Key: String] = [:]) {
        self.digests = digests
    }

    /// The record in the workbook's folder; none yet is an empty record.
    package static func read(in root: URL) throws(StageKitError) -> ProofRecord {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return ProofRecord() }
        let text = try WorkbookLoader.readText(url, path: path, why: "a proof run with --record writes it")
        var record = ProofRecord()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "@" }),
                let chapter = Int(fields[1]), fields[2].count == 16, fields[2].allSatisfy(\.isHexDigit)
            else {
                throw .malformed(
                    path: path, line: index + 1,
                    problem: "each line is a proof's name, a chapter's number and a digest of 16 hex digits:"
                        + " run the proof again with --record")
            }
            record.digests[Key(String(fields[0]), chapter: chapter)] = String(fields[2])
        }
        return record
    }

    package var text: String {
        Self.header + "\n"
            + digests.keys.sorted().map { "\($0.proof) \($0.chapter) \(digests[$0] ?? "")\n" }.joined()
    }

    /// Records the proofs that passed, with their digests, in the workbook's folder, keeping the others.
    package static func record(_ passed: [Key: String], in root: URL) throws(StageKitError) {
        var record = try read(in: root)
        record.digests.merge(passed) { $1 }
        try PackageWriter.write(Data(record.text.utf8), to: root.appendingPathComponent(path))
    }

    /// The folders and files whose change proves every chapter again: the tools' sources, the scripts
    /// a proof runs, the stand-in toolchains and the package's manifest (not the scripts that only
    /// choose which proofs run, Scripts/prove and .ci/run).
    package static let toolsPaths = [
        "Package.swift", "Sources/StageKit", "Sources/ChildProcesses", "Scripts/stages", "Scripts/run-stages",
        "Scripts/replay-learner", "Tests/StandInToolchain", "Tests/SwiftBuildToolchain",
    ]

    /// What `proof` of `chapter` depends on, as 16 hex digits (FNV-1a, 64 bits: a fingerprint of its
    /// inputs, not a defence against forgery, which CI's canary and `--all` are): the proof's name, the
    /// toolchain (what `swift --version` printed, a stand-in's line included), every file of the chapter's
    /// folder and of the chapters it continues, and the tools' sources.
    package static func digest(
        of proof: String, chapter: Chapter, in workbook: Workbook, toolchain: String
    ) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        add(Array("\(proof) \(toolchain)".utf8))
        var folders: [String] = []
        var current: Chapter? = chapter
        while let next = current, !folders.contains(next.folderPath) {
            folders.append(next.folderPath)
            current = next.continues.flatMap(workbook.chapter)
        }
        for path in folders + toolsPaths {
            for (relative, data) in files(at: workbook.root.appendingPathComponent(path), named: path) {
                add(Array(relative.utf8))
                add(data)
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file at `url`, or every file under it, by path in order, leaving out names that start with
    /// a dot (a system's `.DS_Store`, an editor's swap file).
    static func files(at url: URL, named path: String) -> [(String, Data)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [(path, (try? Data(contentsOf: url)) ?? Data())] }
        var found: [(String, Data)] = []
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            let file = url.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            found.append(("\(path)/\(relative)", (try? Data(contentsOf: file)) ?? Data()))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
