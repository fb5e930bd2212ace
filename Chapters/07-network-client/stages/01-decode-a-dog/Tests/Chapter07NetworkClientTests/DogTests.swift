import Chapter07NetworkClient
import Foundation
import Testing

@Suite("Dog")
struct DogTests {
    @Suite("Milestone 7.1: a Dog is read from the server's JSON")
    struct Milestone7_1 {
        @Test("A Dog decodes every field, dates as seconds since 2001 and the cost as an exact Decimal")
        func dogDecodesEveryField() throws {
            let dogs = try DogPatchPayloads.decodedTwoDogs()

            let ruby = try #require(dogs.first)
            #expect(dogs.count == 2)
            #expect(ruby.id == "6b0b79a2-4d1b-4b7e-9c6e-2a8f3f1d1a01")
            #expect(ruby.sellerID == "a3c9")
            #expect(ruby.about == "Loves long walks.")
            #expect(ruby.birthday == Date(timeIntervalSinceReferenceDate: 503_000_000))
            #expect(ruby.breed == "Whippet")
            #expect(ruby.breederRating == 4.5)
            #expect(ruby.cost == Decimal(string: "799.99"))
            #expect(ruby.created == Date(timeIntervalSinceReferenceDate: 590_000_000))
            #expect(ruby.imageURL.absoluteString == "https://example.com/dogs/ruby.png")
            #expect(ruby.name == "Ruby")
        }
    }
}
