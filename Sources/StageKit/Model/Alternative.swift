import Foundation

/// A correct green written as a learner writes it, at a green or refactor step, which the step's check
/// and every later check of the chapter must accept: a file of `Chapters/<chapter>/alternatives/`,
/// like `01-if-for-guard.md`.
///
///     ---
///     step: 3.2
///     title: if for guard
///     file: Sources/Chapter03ErrorEnum/AppStoreRessource.swift
///     replace: guard data != nil else {
///     with: if data == nil {
///     ---
///     Why a learner writes it this way, and why it is right.
///
/// Its edits are a mistake's (``FileEdit``): at later steps, the replay makes again each edit whose
/// `replace:` text the step's files still hold.
package struct Alternative: Equatable, Sendable {
    /// Where it is written, for errors: `Chapters/03-error-enum/alternatives/01-….md`.
    package var path: String
    package var step: String
    package var title: String
    package var edits: [FileEdit]
    package var text: String

    /// The package's files with the learner's code written in them, or why it cannot be written.
    package func applied(to files: [String: Data]) throws(StageKitError) -> [String: Data] {
        try FileEdit.applying(edits, to: files, path: path, step: step)
    }
}
