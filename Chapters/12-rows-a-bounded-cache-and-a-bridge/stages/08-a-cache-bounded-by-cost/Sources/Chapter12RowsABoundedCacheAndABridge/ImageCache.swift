import Foundation

/// Images by URL, costing at most `costLimit` bytes in all: the least recently used go first.
nonisolated struct ImageCache {
    let costLimit: Int
    private var images: [URL: Image] = [:]
    /// From the least recently used URL to the most.
    private var order: [URL] = []
    private(set) var totalCost = 0

    init(costLimit: Int) {
        self.costLimit = costLimit
    }

    mutating func image(for url: URL) -> Image? {
        guard let image = images[url] else { return nil }
        order.removeAll { $0 == url }
        order.append(url)
        return image
    }

    mutating func insert(_ image: Image, for url: URL) {
        guard image.byteCount <= costLimit, images[url] == nil else { return }
        while totalCost + image.byteCount > costLimit {
            let oldest = order.removeFirst()
            totalCost -= images.removeValue(forKey: oldest)?.byteCount ?? 0
        }
        images[url] = image
        order.append(url)
        totalCost += image.byteCount
    }
}
