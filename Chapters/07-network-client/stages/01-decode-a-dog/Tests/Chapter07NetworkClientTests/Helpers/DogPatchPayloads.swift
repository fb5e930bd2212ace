import Chapter07NetworkClient
import Foundation

/// Answers in the shape the DogPatch server gives them (the dogs are made up).
enum DogPatchPayloads {
    /// Two dogs. Dates are seconds since 1 January 2001: 503_000_000 is in December 2016.
    static let twoDogs = Data(
        #"""
        [
            {"id": "6b0b79a2-4d1b-4b7e-9c6e-2a8f3f1d1a01", "sellerID": "a3c9", "about": "Loves long walks.",
             "birthday": 503000000, "breed": "Whippet", "breederRating": 4.5, "cost": 799.99,
             "created": 590000000, "imageURL": "https://example.com/dogs/ruby.png", "name": "Ruby"},
            {"id": "6b0b79a2-4d1b-4b7e-9c6e-2a8f3f1d1a02", "sellerID": "a3c9", "about": "Calm, and good with cats.",
             "birthday": 520000000, "breed": "Basset Hound", "breederRating": 3.75, "cost": 1250,
             "created": 591000000, "imageURL": "https://example.com/dogs/otis.png", "name": "Otis"}
        ]
        """#.utf8)

    static let notJSON = Data("<html>Application Error</html>".utf8)

    static func decodedTwoDogs() throws -> [Dog] {
        try JSONDecoder().decode([Dog].self, from: twoDogs)
    }
}
