import Testing

@testable import WorkbookModel

@Suite("StepID", .offThePool)
struct StepIDTests {
    @Test(
        "A step id is 'chapter.step' in numbers, and nothing else",
        arguments: [
            ("3.4", StepID(chapter: 3, step: 4)), ("3.0", StepID(chapter: 3, step: 0)),
            ("12.26", StepID(chapter: 12, step: 26)),
            ("3", nil), ("3.", nil), (".4", nil), ("3.x", nil), ("3.4.5", nil), ("-1.2", nil), ("3.-2", nil),
            ("+3.4", nil),
            ("", nil),
        ] as [(String, StepID?)])
    func stepIDsAreReadOneWay(text: String, id: StepID?) {
        #expect(StepID(text) == id)
        if let id { #expect(id.description == text) }
    }
}

/// The workbook's lookups of a step by the name a command line gives it.
@Suite("Finding a step by name", .offThePool)
struct StepLookupTests {
    @Test("Steps are found by chapter.step, and an unknown one is a clear error")
    func stepsAreFoundByID() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        let workbook = try fixture.load()

        #expect(try workbook.step(named: "1.2").1.title == "Greet")
        #expect(try workbook.step(named: "01.1").1.title == "Ask for a greeting")
        #expect(throws: StageKitError.unknownStep("1.3")) { try workbook.step(named: "1.3") }
        #expect(throws: StageKitError.unknownStep("4.1")) { try workbook.step(named: "4.1") }
        #expect(throws: StageKitError.usage("'12' is not a step: name one as chapter.step, like 1.3")) {
            try workbook.step(named: "12")
        }
        #expect(try workbook.stepOrStart(named: "1.0").1 == nil)
    }
}
