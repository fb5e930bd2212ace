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

        @Test("downloadImage delivers the image, and no error")
        func downloadImageDeliversTheImage() throws {
            let calls = try download { $0.complete(data: Images.onePixelPNG, statusCode: 200, error: nil) }

            #expect(calls.map(\.image) == [Images.image])
            #expect(calls.first?.error == nil)
        }

        @Test("downloadImage delivers a failed request's error, and no image")
        func downloadImageDeliversTheError() throws {
            let calls = try download { $0.complete(data: nil, statusCode: nil, error: URLError(.timedOut)) }

            #expect(calls.map(\.image) == [nil])
            #expect((calls.first?.error as? URLError)?.code == .timedOut)
        }

        @Test("downloadImage reports bytes that are no image as an error, never as nothing")
        func downloadImageReportsBytesThatAreNoImage() throws {
            let calls = try download { $0.complete(data: Images.notAnImage, statusCode: 200, error: nil) }

            #expect(calls.map(\.image) == [nil])
            #expect(calls.first?.error as? ImageClient.Error == .notAnImage)
        }

        @Test("Every answer comes on the response queue", arguments: [Images.onePixelPNG, Images.notAnImage])
        func answerComesOnTheResponseQueue(data: Data) async throws {
            let queue = DispatchQueue(label: "images")
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let session = MockURLSession()
            let sut = ImageClient(responseQueue: queue, session: session)

            let onQueue = await withCheckedContinuation { continuation in
                _ = sut.downloadImage(fromURL: Images.dogURL) { _, _ in
                    continuation.resume(returning: DispatchQueue.getSpecific(key: key) == true)
                }
                session.tasks.first?.complete(data: data, statusCode: 200, error: nil)
            }

            #expect(onQueue, "the completion came on another queue")
        }

        @Test("A downloaded image is kept by its URL")
        func downloadedImageIsCachedByURL() throws {
            let (sut, session) = makeSUT()

            _ = sut.downloadImage(fromURL: Images.dogURL) { _, _ in }
            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)

            #expect(sut.cachedImageForURL == [Images.dogURL: Images.image])
        }

        @Test("A kept image is delivered at once, with no task and no request")
        func cachedImageIsDeliveredAtOnce() throws {
            let (sut, session) = makeSUT()
            _ = sut.downloadImage(fromURL: Images.dogURL) { _, _ in }
            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)
            let spy = ImageResultSpy()

            let task = sut.downloadImage(fromURL: Images.dogURL, completion: spy.complete)

            #expect(task == nil)
            #expect(spy.calls.map(\.image) == [Images.image])
            #expect(session.tasks.count == 1)
        }
    }

    @MainActor
    @Suite("Milestone 9.4: setImage")
    struct Milestone9_4 {
        @Test("setImage shows the placeholder at once")
        func setImageShowsThePlaceholder() {
            let (sut, _) = makeSUT()
            let imageView = ImageView()

            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: Images.placeholder)

            #expect(imageView.image == Images.placeholder)
        }

        @Test("setImage keeps the download's task for the image view")
        func setImageKeepsTheTaskForTheImageView() {
            let (sut, _) = makeSUT()
            let imageView = ImageView()

            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: nil)

            #expect(sut.cachedTaskForImageView.count == 1)
            #expect(sut.cachedTaskForImageView[imageView] != nil)
        }

        @Test("setImage cancels the image view's running download before starting another")
        func setImageCancelsTheRunningDownload() {
            let (sut, session) = makeSUT()
            let imageView = ImageView()

            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: nil)
            sut.setImage(on: imageView, fromURL: Images.otherDogURL, withPlaceholder: nil)

            #expect(session.tasks.map(\.cancelCount) == [1, 0])
            #expect(sut.cachedTaskForImageView.count == 1)
        }
    }
}

private func makeSUT() -> (sut: ImageClient, session: MockURLSession) {
    let session = MockURLSession()
    let sut = ImageClient(responseQueue: nil, session: session)
    trackForLeaks(sut)
    return (sut, session)
}

/// Downloads the dog's picture with a client without a response queue, finishes the task with
/// `finish`, and returns what the completion received.
private func download(_ finish: (MockURLSessionTask) -> Void) throws -> [ImageResultSpy.Call] {
    let (sut, session) = makeSUT()
    let spy = ImageResultSpy()
    _ = sut.downloadImage(fromURL: Images.dogURL, completion: spy.complete)
    finish(try #require(session.tasks.first))
    return spy.calls
}
