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
        // Two callers in five are cancelled, scattered, the same each run.
        let calls = (0..<200).map { index in
            (url: urls[index % urls.count], cancelled: (index * 7) % 5 < 2)
        }
        // Each URL a caller stays for is downloaded at least once, and no caller starts two downloads:
        // how many in between depends on the order the tasks run in, and on what the cache let go.
        let stayedFor = Set(calls.filter { !$0.cancelled }.map(\.url)).count

        await confirmation("the source was asked", expectedCount: stayedFor...calls.count) { asked in
            let loader = ImageLoader(
                source: AnsweringSource(pictures: pictures, asked: { asked() }), costLimit: costLimit)
            let callers = calls.map { call in
                let caller = Task { try await loader.image(for: call.url) }
                if call.cancelled { caller.cancel() }
                return (call.url, call.cancelled, caller)
            }

            for (url, cancelled, caller) in callers {
                switch await caller.result {
                case .success(let image):
                    #expect(image == pictures[url].flatMap(Image.init(data:)))
                case .failure(let error):
                    #expect(cancelled && error is CancellationError, "\(url.lastPathComponent): \(error)")
                }
            }
            #expect(await loader.cachedBytes <= costLimit)
        }
    }
}
