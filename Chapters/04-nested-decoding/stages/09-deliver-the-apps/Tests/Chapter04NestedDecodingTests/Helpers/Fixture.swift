import Foundation
import Testing

/// The feeds in the test target's `Fixtures` folder (see its README).
enum Fixture {
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "no fixture named \(name).json", sourceLocation: sourceLocation)
        return try Data(contentsOf: url)
    }
}
