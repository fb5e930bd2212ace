import Chapter09ImageCache
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ImageClient", .leakChecked, .timeLimit(.minutes(1)))
struct ImageClientTests {
    @Suite("Milestone 9.2: the shared client, and empty caches")
    struct Milestone9_2 {
        @Test("The shared client uses the shared session and answers on the main queue")
        func sharedClientUsesTheSharedSessionAndMainQueue() {
            let sut = ImageClient.shared

            #expect(sut.session as AnyObject === URLSession.shared)
            // On Linux DispatchQueue.main is not identical to itself: compare the queue's label.
            #expect(sut.responseQueue?.label == DispatchQueue.main.label)
        }

        @Test("A new client has no image and no task in its caches")
        func newClientHasEmptyCaches() {
            let sut = makeSUT().sut

            #expect(sut.cachedImageForURL.isEmpty)
            #expect(sut.cachedTaskForImageView.isEmpty)
        }
    }

    @Suite("Milestone 9.3: downloadImage")
    struct Milestone9_3 {
        @Test("downloadImage makes one task, for the URL, and resumes it")
        func downloadImageMakesAndResumesATask() {
            let (sut, session) = makeSUT()

            let task = sut.downloadImage(fromURL: Images.dogURL) { _, _ in }

            #expect(task != nil)
            #expect(session.tasks.map(\.url) == [Images.dogURL])
            #expect(session.tasks.map(\.resumeCount) == [1])
        }
    }
}

private func makeSUT() -> (sut: ImageClient, session: MockURLSession) {
    let session = MockURLSession()
    let sut = ImageClient(responseQueue: nil, session: session)
    trackForLeaks(sut)
    return (sut, session)
}
