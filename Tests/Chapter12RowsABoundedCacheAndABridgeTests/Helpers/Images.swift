import Foundation

/// Image bytes for the tests, and the URLs they are asked for.
enum Images {
    /// Bytes the stand-in `Image` takes for a PNG (its signature and header chunk), `size` in all.
    static func png(size: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(Data("IHDR".utf8))
        data.append(Data(repeating: 0, count: max(0, size - data.count)))
        return data
    }

    static let dog = png(size: 100)
    static let otherDog = png(size: 120)
    static let notAnImage = Data("<html>Not Found</html>".utf8)

    static let dogURL = url("ruby")
    static let otherDogURL = url("otis")

    /// The URL of the picture named `name`.
    static func url(_ name: String) -> URL {
        URL(string: "https://example.com/dogs/\(name).png") ?? URL(fileURLWithPath: "/")
    }
}
