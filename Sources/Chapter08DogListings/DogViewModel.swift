import Foundation

/// A row of the listings: what it shows of a dog.
public struct DogViewModel: Equatable, Sendable {
    public let dog: Dog

    public init(dog: Dog) {
        self.dog = dog
    }

    public var name: String { dog.name }
    public var imageURL: URL { dog.imageURL }
}
