import Foundation

/// A dog for sale on DogPatch, as its server describes it.
///
/// Dates are seconds since 1 January 2001, which is how `JSONDecoder` reads a `Date` unless told
/// otherwise; the cost is a `Decimal`, because money in a `Double` gains and loses cents.
nonisolated public struct Dog: Decodable, Equatable, Sendable {
    public let id: String
    public let sellerID: String
    public let about: String
    public let birthday: Date
    public let breed: String
    public let breederRating: Double
    public let cost: Decimal
    public let created: Date
    public let imageURL: URL
    public let name: String
}
