import Testing

@testable import StepRunning

/// A build's progress shows its newest "[n/m]" line, found from the end of what it printed at every
/// tick: the line `split(separator: "\n").last(where:)` finds, without splitting it all.
@Suite("A build's progress line", .offThePool)
struct BuildProgressTests {
    static let outputs = [
        "", "\n", "\n\n", "[1/3] Compiling A", "[1/3] Compiling A\n",
        "[1/3] Compiling A\n[2/3] Compiling B\nlinking",
        "Building for debugging...\n[1/3] A\n\n[2/3] B\n\nnote: a line that is no step\n",
        "no progress\nat all\n",
        "[1/2] A\r\n[2/2] B\r\n", "\n[", "[\n", "[1/2] Ünïcode ✓\n🐕\n",
    ]

    @Test("The line found from the end is the one split finds", arguments: outputs)
    func lastLineIsSplitsLastLine(_ output: String) {
        let text = Substring(output)
        let split = text.split(separator: "\n").last { $0.hasPrefix("[") }

        #expect(SwiftPMStepRunner.lastLine(of: text) { $0.hasPrefix("[") } == split)
        #expect(SwiftPMStepRunner.lastLine(of: text) { _ in true } == text.split(separator: "\n").last)
    }
}
