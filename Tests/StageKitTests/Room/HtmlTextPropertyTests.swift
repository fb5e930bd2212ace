import Testing

@testable import WorkbookRoom

/// `Html.text` over text nobody wrote by hand: sequences of Unicode scalars drawn from a seeded
/// generator, so that a failure is the same at every run, weighted toward the scalars that join a
/// character to its neighbour (marks, joiners, prepended marks, Hangul jamo, regional indicators).
@Suite("Escaping for a page, over random text", .offThePool)
struct HtmlTextPropertyTests {
    static let cases = 5_000
    static let longest = 48

    @Test("5,000 random texts of up to 48 Unicode scalars: no raw markup is left, each reads back as it was")
    func randomTextIsEscaped() {
        var generator = SplitMix64(seed: 0x5EED_0047)
        var failures: [[UInt32]] = []
        for _ in 0..<Self.cases {
            let scalars = (0..<Int.random(in: 0...Self.longest, using: &generator)).map { _ in
                Self.scalar(using: &generator)
            }
            let text = String(String.UnicodeScalarView(scalars))
            let escaped = Html.text(text)
            if !HtmlEntities.rawMarkup(in: escaped).isEmpty || HtmlEntities.decoded(escaped) != scalars {
                failures.append(scalars.map(\.value))
            }
        }
        let failed = failures.count
        #expect(
            failed == 0, "\(failed) of \(Self.cases) failed; the first, in scalars: \(failures.first ?? [])")
    }

    /// One scalar: markup, a scalar that joins its neighbours, or any scalar at all.
    static func scalar(using generator: inout SplitMix64) -> Unicode.Scalar {
        let markup: [Unicode.Scalar] = ["<", ">", "\"", "'", "&", "#", ";", "a", " ", "="]
        let joining: [ClosedRange<UInt32>] = [
            0x0300...0x036F,  // combining marks
            // prepended concatenation marks
            0x0600...0x0605, 0x06DD...0x06DD, 0x070F...0x070F, 0x08E2...0x08E2, 0x110BD...0x110BD,
            0x200C...0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF,  // joiners and variation selectors
            0x1100...0x11FF, 0xAC00...0xAC10,  // Hangul jamo and syllables
            0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x1F468...0x1F469,  // flags, skin tones, people
            0x0E31...0x0E3A, 0x0903...0x0903,  // Thai vowels, a Devanagari spacing mark
            0x000A...0x000D,
        ]
        while true {
            let value: UInt32
            switch UInt8.random(in: 0..<10, using: &generator) {
            case 0..<4: return markup[Int.random(in: 0..<markup.count, using: &generator)]
            case 4..<8:
                let range = joining[Int.random(in: 0..<joining.count, using: &generator)]
                value = UInt32.random(in: range, using: &generator)
            default: value = UInt32.random(in: 0...0x10FFFF, using: &generator)
            }
            if let scalar = Unicode.Scalar(value) { return scalar }  // surrogates are drawn again
        }
    }
}

/// A small seeded generator (SplitMix64): the same numbers for the same seed, on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE5_E4B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
