import Foundation

/// A mistake a learner makes at a step, written down so that the replay can make it and see the step's
/// check refuse it: a file of `Chapters/<chapter>/mistakes/`, like `03-failed-load-left-loaded.md`.
///
///     ---
///     step: 5.14
///     title: A failed load ends loaded with no dogs
///     file: Sources/Chapter05AsyncViewModel/DogsViewModel.swift
///     replace: status = .idle
///     with: status = .loaded(dogs: [])
///     shows: (sut.status → .loaded(dogs: [])) == .idle
///     ---
///     Why a learner writes it, and what catches it.
package struct Mistake: Equatable, Sendable {
    /// Where the mistake is written, for errors: `Chapters/05-async-view-model/mistakes/01-….md`.
    package var path: String
    package var step: String
    package var title: String
    var edits: [FileEdit]
    /// A fragment of what `workbook check` prints when it refuses the mistake.
    package var shows: String
    package var text: String

    /// The package's files with the mistake made in them, or why it cannot be made.
    package func applied(to files: [String: Data]) throws(StageKitError) -> [String: Data] {
        try FileEdit.applying(edits, to: files, path: path, step: step)
    }
}
