import Foundation

/// A dog as the screen shows it: its picture and the name of its breed.
public struct DogUI: Equatable, Sendable {
    public let url: URL?
    public let name: String

    public init(url: URL?, name: String) {
        self.url = url
        self.name = name
    }
}
