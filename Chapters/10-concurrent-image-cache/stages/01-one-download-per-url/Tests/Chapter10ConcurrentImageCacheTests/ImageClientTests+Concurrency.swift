import Chapter10ConcurrentImageCache
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ImageClientTests {
    @Suite("Milestone 10.1: one download per URL")
    struct Milestone10_1 {
        @Test("Two requests for one URL share one download, and both get the image")
        func twoRequestsShareOneDownload() throws {
            let (sut, session) = makeSUT()
            let first = ImageResultSpy()
            let second = ImageResultSpy()

            _ = sut.downloadImage(fromURL: Images.dogURL, completion: first.complete)
            _ = sut.downloadImage(fromURL: Images.dogURL, completion: second.complete)
            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)

            #expect(session.tasks.count == 1)
            #expect(first.calls.map(\.image) == [Images.image])
            #expect(second.calls.map(\.image) == [Images.image])
        }
    }
}
