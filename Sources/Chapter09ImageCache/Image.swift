import Foundation

/// Stands in for `UIImage`: the bytes of a PNG or JPEG image. It is made only from bytes that really
/// start like one, as `UIImage(data:)` refuses what is not an image.
nonisolated public struct Image: Equatable, Sendable {
    private static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    private static let jpegStart = Data([0xFF, 0xD8, 0xFF])

    private let data: Data

    /// Nil unless `data` is a PNG (its signature and header chunk) or a JPEG (its start marker).
    public init?(data: Data) {
        let isPNG =
            data.starts(with: Self.pngSignature) && data.count > 16
            && data.dropFirst(12).starts(with: Data("IHDR".utf8))
        let isJPEG = data.starts(with: Self.jpegStart)
        guard isPNG || isJPEG else { return nil }
        self.data = data
    }

    /// The image as PNG bytes, when it is a PNG; the stand-in does not convert a JPEG.
    public func pngData() -> Data? {
        data.starts(with: Self.pngSignature) ? data : nil
    }
}
