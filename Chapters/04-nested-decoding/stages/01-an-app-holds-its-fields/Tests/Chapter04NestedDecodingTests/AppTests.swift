import Chapter04NestedDecoding
import Foundation
import Testing

@Suite("App")
struct AppTests {
    @Suite("Milestone 4.1: an App holds what the list shows")
    struct Milestone4_1 {
        @Test("An App keeps the name, summary and thumbnail URL it is made with")
        func appKeepsWhatItIsMadeWith() {
            let app = App(
                name: "Pages", summary: "Write anything.", thumbImageUrl: "https://example.com/53.png")

            #expect(app.name == "Pages")
            #expect(app.summary == "Write anything.")
            #expect(app.thumbImageUrl == "https://example.com/53.png")
        }
    }
}
