@testable import StepJudging

/// A verdict as the walk says it, for the tests that pin the author's words.
enum Said: Equatable {
    case met
    case mismatch([String])
}

extension Verdict {
    var said: Said { isMet ? .met : .mismatch(lines(for: .author)) }
}
