import Foundation
import WorkbookModel

/// Test helpers that both tracks give, in the same words: a fix to one copy must reach every other, so
/// the walk refuses copies that differ. Each is named by its place in a chapter's tests.
package enum SharedHelpers {
    /// The URL-loading stub that chapter 2 gives and chapter 7 gives again, carried on by the chapters
    /// that continue theirs.
    package static let paths = ["Helpers/URLProtocolStub.swift"]

    /// A problem for each chapter whose copy of a shared helper differs from the first chapter's that
    /// has it.
    package static func problems(in workbook: Workbook) -> [ChainProblem] {
        paths.flatMap { path -> [ChainProblem] in
            let copies = workbook.chapters.compactMap { chapter -> (Chapter, Data)? in
                workbook.finalTree(of: chapter).files[chapter.testsPath + "/" + path].map { (chapter, $0) }
            }
            guard let (first, original) = copies.first else { return [] }
            return copies.dropFirst().filter { $0.1 != original }.map { chapter, _ in
                ChainProblem(
                    subject: "chapter \(chapter.number)",
                    problem:
                        "its \(path) differs from chapter \(first.number)'s: the tracks share it, so a change to"
                        + " one is made to every copy")
            }
        }
    }
}
