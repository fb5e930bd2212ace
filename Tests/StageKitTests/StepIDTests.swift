import Testing

@testable import WorkbookModel

@Suite("StepID")
struct StepIDTests {
    @Test(
        "A step id is 'chapter.step' in numbers, and nothing else",
        arguments: [
            ("3.4", StepID(chapter: 3, step: 4)), ("3.0", StepID(chapter: 3, step: 0)),
            ("12.26", StepID(chapter: 12, step: 26)),
            ("3", nil), ("3.", nil), (".4", nil), ("3.x", nil), ("3.4.5", nil), ("-1.2", nil), ("3.-2", nil),
            ("", nil),
        ] as [(String, StepID?)])
    func stepIDsAreReadOneWay(text: String, id: StepID?) {
        #expect(StepID(text) == id)
        if let id { #expect(id.description == text) }
    }
}
