import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

@Suite("Milestone 12.4: two hundred callers at once", .timeLimit(.minutes(1)))
struct ImageLoaderStressTests {
    @Test(
        "Two hundred callers of twenty URLs, two in five cancelled, each get their picture or leave")
    func twoHundredCallers() async {
        let urls = (1...20).map { Images.url("dog-\($0)") }
        let pictures = Dictionary(
            uniqueKeysWithValues: urls.enumerated().map { ($1, Images.png(size: 100 + $0)) })
        let costLimit = 5 * 120
        let loader = ImageLoader(source: AnsweringSource(pictures: pictures), costLimit: costLimit)

        let callers = (0..<200).map { index in
            let url = urls[index % urls.count]
            let caller = Task { try await loader.image(for: url) }
            let cancelled = (index * 7) % 5 < 2  // two callers in five, scattered, the same each run
            if cancelled { caller.cancel() }
            return (url: url, cancelled: cancelled, caller: caller)
        }

        // Each caller that stays gets its picture; a cancelled one may get it too, if it came first.
        let delivered = callers.filter { !$0.cancelled }.count...callers.count
        await confirmation("a caller got its picture", expectedCount: delivered) { pictureCame in
            for (url, cancelled, caller) in callers {
                switch await caller.result {
                case .success(let image):
                    #expect(image == pictures[url].flatMap(Image.init(data:)))
                    pictureCame()
                case .failure(let error):
                    #expect(cancelled && error is CancellationError, "\(url.lastPathComponent): \(error)")
                }
            }
        }
        #expect(await loader.cachedBytes <= costLimit)
    }
}
