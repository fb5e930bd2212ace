import Chapter04NestedDecoding
import Foundation
import Testing

@Suite("App")
struct AppTests {
    /// One entry of the French feed, trimmed to what the tests read and a little more.
    static let entry = #"""
        {
            "im:name": {"label": "Carnet de Randonnée"},
            "im:image": [
                {"label": "https://is1.example/AppIcon/53x53bb.png", "attributes": {"height": "53"}},
                {"label": "https://is1.example/AppIcon/75x75bb.png", "attributes": {"height": "75"}},
                {"label": "https://is1.example/AppIcon/100x100bb.png", "attributes": {"height": "100"}}
            ],
            "summary": {"label": "Préparez vos randonnées hors ligne."},
            "im:price": {"label": "4,99 €", "attributes": {"amount": "4.99000", "currency": "EUR"}}
        }
        """#

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

    @Suite("Milestone 4.2: the name comes from im:name")
    struct Milestone4_2 {
        @Test("Decoding an entry reads the name from im:name.label")
        func decodingReadsTheName() throws {
            #expect(try decodeEntry().name == "Carnet de Randonnée")
        }
    }

    @Suite("Milestone 4.3: the summary comes from summary")
    struct Milestone4_3 {
        @Test("Decoding an entry reads the summary from summary.label")
        func decodingReadsTheSummary() throws {
            #expect(try decodeEntry().summary == "Préparez vos randonnées hors ligne.")
        }

    }

    @Suite("Milestone 4.4: the thumbnail is the first im:image")
    struct Milestone4_4 {
        @Test("Decoding an entry takes the thumbnail from the first, smallest im:image")
        func decodingReadsTheThumbnail() throws {
            #expect(try decodeEntry().thumbImageUrl == "https://is1.example/AppIcon/53x53bb.png")
        }
    }
}

private func decodeEntry() throws -> App {
    try JSONDecoder().decode(App.self, from: Data(AppTests.entry.utf8))
}
