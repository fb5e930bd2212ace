import Foundation
import WorkbookModel
import WorkbookText

/// What the hand-written pages say of the workbook that the workbook itself can tell, checked so that
/// it cannot go stale (step and chapter references are `TextReferences`' to check): the README names
/// every script and StageKit's folders as they are, and says how the chapters make their packages;
/// the README and the authors' guide give the budgets the walk enforces.
package enum PageFacts {
    package static let readme = "README.md"
    package static let authorsGuide = "Chapters/README.md"

    package static func problems(in workbook: Workbook) -> [ChainProblem] {
        let root = workbook.root
        func page(_ path: String) -> String? {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map(flattened)
        }
        var problems: [ChainProblem] = []
        if let text = page(readme) {
            let said = [
                packagesSentence(workbook), "Each chapter is at most \(ChapterBudget.Limits.minutes) minutes",
            ]
            problems += said.filter { !$0.isEmpty && !text.contains($0) }.map {
                ChainProblem(
                    subject: readme, problem: "it does not say \"\($0)\", which the chapters do")
            }
            problems += folderProblems(text, root: root)
        }
        let manifest =
            (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        if let least = leastSwift(manifest) {
            for path in TextReferences.guides + [authorsGuide] {
                guard let text = page(path) else { continue }
                problems += Set(swiftsOrLater(in: text)).subtracting([least]).sorted().map {
                    ChainProblem(
                        subject: path,
                        problem:
                            "it says Swift \($0) or later, where Package.swift asks for Swift \(least) or later"
                    )
                }
            }
        }
        if let guide = page(authorsGuide) {
            let limits = ChapterBudget.Limits.self
            let said = [
                "a chapter has at most \(limits.steps) steps, \(grouped(limits.words))"
                    + " words and \(limits.minutes) of one learner's minutes",
                "a step's text and hints have at most \(limits.stepWords) words, or \(limits.conceptWords)",
            ]
            problems += said.filter { !guide.contains($0) }.map {
                ChainProblem(subject: authorsGuide, problem: "it does not say \"\($0)\", the walk's budget")
            }
        }
        return problems
    }

    /// "6.2": the tools version Package.swift's first line asks for, the least Swift that builds it.
    static func leastSwift(_ manifest: String) -> String? {
        guard let first = manifest.split(separator: "\n").first, first.hasPrefix("// swift-tools-version:")
        else {
            return nil
        }
        return first.dropFirst("// swift-tools-version:".count).trimmingCharacters(in: .whitespaces)
    }

    /// Each version a text gives as "Swift 6.2 or later".
    static func swiftsOrLater(in text: String) -> [String] {
        let words = text.split(separator: " ")
        return words.indices.dropLast(3).compactMap { index in
            guard words[index] == "Swift", words[index + 2] == "or", words[index + 3].hasPrefix("later")
            else {
                return nil
            }
            let version = String(words[index + 1])
            return version.allSatisfy({ $0.isNumber || $0 == "." }) && version.contains(".") ? version : nil
        }
    }

    /// "6,000": thousands marked with commas, as the pages write them in English, whatever the locale.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : String(digit)
        }.joined()
    }

    /// Lines joined by single spaces: a sentence reads the same wherever its lines break.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// "chapter 5 starts one that chapter 6 continues, chapter 7 one that chapters 8 to 10 continue, and
    /// chapter 11 one that chapter 12 continues": each package a chapter starts that others go on with.
    static func packagesSentence(_ workbook: Workbook) -> String {
        let parts = workbook.chapters.compactMap { chapter -> String? in
            guard chapter.continues == nil else { return nil }
            let followers = NamesGiven.continuing(chapter, in: workbook).map(\.number)
            guard let first = followers.first, let last = followers.last else { return nil }
            let who = first == last ? "chapter \(first) continues" : "chapters \(first) to \(last) continue"
            return "chapter \(chapter.number) % one that \(who)"
        }
        guard !parts.isEmpty else { return "" }
        let joined = parts.enumerated().map { index, part in
            part.replacingOccurrences(of: "% ", with: index == 0 ? "starts " : "")
        }
        return joined.count == 1
            ? joined[0] : joined.dropLast().joined(separator: ", ") + ", and " + (joined.last ?? "")
    }

    /// The README's map of the folders names every script, and StageKit's folders as they are.
    static func folderProblems(_ page: String, root: URL) -> [ChainProblem] {
        let files = FileManager.default
        let scripts =
            ((try? files.contentsOfDirectory(atPath: root.appendingPathComponent("Scripts").path)) ?? [])
            .filter { $0 != "lib" && !$0.hasPrefix(".") }
        var problems = scripts.sorted().filter { !page.contains($0) }.map {
            ChainProblem(subject: readme, problem: "its map of the folders does not name Scripts/\($0)")
        }
        let kit = root.appendingPathComponent("Sources/StageKit")
        let folders = ((try? files.contentsOfDirectory(atPath: kit.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return files.fileExists(atPath: kit.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        guard !folders.isEmpty else { return problems }
        let listed = page.range(of: "StageKit, the library").flatMap { start in
            page[start.upperBound...].firstIndex(of: "(").flatMap { open in
                page[open...].firstIndex(of: ")").map { close in
                    page[page.index(after: open)..<close].split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                }
            }
        }
        if Set(listed ?? []) != Set(folders) {
            problems.append(
                ChainProblem(
                    subject: readme,
                    problem:
                        "its map lists StageKit's folders as (\((listed ?? []).joined(separator: ", "))); they are"
                        + " \(folders.sorted().joined(separator: ", "))"))
        }
        return problems
    }
}
