import Foundation
import Testing

/// What the chain refuses in a step's own files: code that spells out the error the step expects, and a
/// message that every failure prints.
extension ChainCheckerTests {
    @Test("The walk's chain refuses a step whose code spells out its own error, however spaced")
    func chainRefusesForgedStep() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try fixture.write(
            "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting/\(WorkbookFixture.sourcePath)",
            "#error (\"cannot find 'Greeter' in scope\")\n")
        #expect(
            try problems(fixture).contains(
                "1.1: Sources/Chapter01Demo/Greeter.swift:1: '#error' and '#warning' make the compiler say"
                    + " what the code says: a step's errors come from the compiler's own reading of the code")
        )
    }

    @Test("A bare 'Expectation failed' is a chain problem that names the step and the way out")
    func bareMessagesAreRefused() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let stepFolder = "\(WorkbookFixture.stagesPath)/01-ask-for-a-greeting"
        try fixture.write(
            "\(stepFolder)/stage.md",
            stageHeader(
                "kind: red", "title: Ask", "expect: test-failure",
                "failing: Chapter01DemoTests.greetsByName()",
                "message: Expectation failed"))
        #expect(
            try problems(fixture).contains(
                "1.1: its message: for Chapter01DemoTests.greetsByName() says only 'Expectation failed', which every failing"
                    + " expectation prints: pin what this failure shows (Scripts/stages refresh 1.1)"))
    }
}
