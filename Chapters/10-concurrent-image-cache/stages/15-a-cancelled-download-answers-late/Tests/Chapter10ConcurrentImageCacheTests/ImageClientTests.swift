import Chapter10ConcurrentImageCache
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ImageClient", .timeLimit(.minutes(1)))
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

        @Test("With a response queue, the answer comes on it")
        func answerComesOnTheResponseQueue() async throws {
            let queue = DispatchQueue(label: "images")
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let session = MockURLSession()
            let sut = ImageClient(responseQueue: queue, session: session)

            let onQueue = await withCheckedContinuation { continuation in
                _ = sut.downloadImage(fromURL: Images.dogURL) { _, _ in
                    continuation.resume(returning: DispatchQueue.getSpecific(key: key) == true)
                }
                session.tasks.first?.complete(data: Images.onePixelPNG, statusCode: 200, error: nil)
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

        @Test("When the image arrives, the image view shows it and its task is forgotten")
        func arrivingImageIsShownAndItsTaskForgotten() throws {
            let (sut, session) = makeSUT()
            let imageView = ImageView()

            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: Images.placeholder)
            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)

            #expect(imageView.image == Images.image)
            #expect(sut.cachedTaskForImageView.isEmpty)
        }

        @Test("When the download fails, the placeholder stays and the task is forgotten")
        func failedDownloadKeepsThePlaceholder() throws {
            let (sut, session) = makeSUT()
            let imageView = ImageView()

            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: Images.placeholder)
            try #require(session.tasks.first).complete(data: nil, statusCode: nil, error: URLError(.timedOut))

            #expect(imageView.image == Images.placeholder)
            #expect(sut.cachedTaskForImageView.isEmpty)
        }
    }

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

        @Test("Cancelling one of two requests for a URL leaves the download to the other")
        func cancellingOneRequestLeavesTheDownloadToTheOther() throws {
            let (sut, session) = makeSUT()
            let first = ImageResultSpy()
            let second = ImageResultSpy()

            let firstTask = sut.downloadImage(fromURL: Images.dogURL, completion: first.complete)
            _ = sut.downloadImage(fromURL: Images.dogURL, completion: second.complete)
            firstTask?.cancel()
            let download = try #require(session.tasks.first)
            download.complete(data: Images.onePixelPNG, statusCode: 200, error: nil)

            #expect(download.cancelCount == 0)
            #expect(first.calls.isEmpty)
            #expect(second.calls.map(\.image) == [Images.image])
        }
    }

    @Suite("Milestone 10.2: safe from many threads")
    struct Milestone10_2 {
        @Test("Many tasks asking for images at once each get one answer, with one download per URL")
        func manyTasksAtOnceGetOneAnswerEach() async {
            let (sut, session) = makeSUT()
            let urls = (0..<8).compactMap { URL(string: "https://example.com/dogs/\($0).png") }
            let spy = ImageResultSpy()

            await withTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        _ = sut.downloadImage(fromURL: urls[index % urls.count], completion: spy.complete)
                        _ = sut.cachedImageForURL
                    }
                }
            }
            await withTaskGroup(of: Void.self) { group in
                for task in session.tasks {
                    group.addTask { task.complete(data: Images.onePixelPNG, statusCode: 200, error: nil) }
                }
            }

            #expect(session.tasks.count == urls.count)
            #expect(spy.calls.count == 200)
            #expect(spy.calls.allSatisfy { $0.image == Images.image })
            #expect(sut.cachedImageForURL.count == urls.count)
        }
    }

    @Suite("Milestone 10.3: nothing foreign runs under the lock")
    struct Milestone10_3 {
        @Test("The client makes, resumes and cancels the session's tasks with its lock released")
        func sessionIsCalledWithTheLockReleased() {
            let session = LockProbingSession()
            let sut = ImageClient(responseQueue: nil, session: session)
            session.probe(sut)

            sut.downloadImage(fromURL: Images.dogURL) { _, _ in }?.cancel()

            #expect(session.callsUnderLock == [])
        }

        @Test("A session that answers from inside resume() has its image delivered and cached")
        func answerFromInsideResumeIsDelivered() {
            let session = LockProbingSession()
            let sut = ImageClient(responseQueue: nil, session: session)
            session.probe(sut)
            session.answerFromResume(Images.onePixelPNG)
            let spy = ImageResultSpy()

            _ = sut.downloadImage(fromURL: Images.dogURL, completion: spy.complete)

            #expect(spy.calls.map(\.image) == [Images.image])
            #expect(sut.cachedImageForURL[Images.dogURL] == Images.image)
            #expect(session.callsUnderLock == [])
        }
    }

    @Suite("Milestone 10.4: what the client is given, and failures on its queue")
    struct Milestone10_4 {
        @Test("A client keeps the response queue and the session it is given")
        func clientKeepsItsQueueAndSession() {
            let queue = DispatchQueue(label: "images")
            let session = MockURLSession()

            let sut = ImageClient(responseQueue: queue, session: session)

            #expect(sut.responseQueue === queue)
            #expect(sut.session as AnyObject === session)
        }

        @Test("With a response queue, a failure comes on it too")
        func failureComesOnTheResponseQueue() async throws {
            let queue = DispatchQueue(label: "images")
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let session = MockURLSession()
            let sut = ImageClient(responseQueue: queue, session: session)

            let onQueue = await withCheckedContinuation { continuation in
                _ = sut.downloadImage(fromURL: Images.dogURL) { _, _ in
                    continuation.resume(returning: DispatchQueue.getSpecific(key: key) == true)
                }
                session.tasks.first?.complete(data: nil, statusCode: nil, error: URLError(.timedOut))
            }

            #expect(onQueue, "the failure came on another queue")
        }
    }

    @MainActor
    @Suite("Milestone 10.5: a reused row on the main queue")
    struct Milestone10_5 {
        @Test(
            "On the main queue, a row given a new URL ignores the old picture's answer, and can still cancel")
        func reusedRowIgnoresTheOldAnswer() async throws {
            let session = MockURLSession()
            let sut = ImageClient(responseQueue: .main, session: session)
            let imageView = ImageView()
            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: nil)

            // Ruby's picture arrives: its answer waits on the main queue, behind this test.
            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)
            sut.setImage(on: imageView, fromURL: Images.otherDogURL, withPlaceholder: Images.placeholder)
            await mainQueueIsDrained()

            #expect(imageView.image == Images.placeholder, "the row shows the dog it was given before")
            #expect(
                sut.cachedTaskForImageView[imageView] != nil, "the new download can no longer be cancelled")
        }
    }

    @MainActor
    @Suite("Milestone 10.6: an answer from any queue")
    struct Milestone10_6 {
        @Test("With a response queue other than the main one, the picture is still shown")
        func answerOnAnotherQueueIsShown() async throws {
            let queue = DispatchQueue(label: "images")
            let session = MockURLSession()
            let sut = ImageClient(responseQueue: queue, session: session)
            let imageView = ImageView()
            sut.setImage(on: imageView, fromURL: Images.dogURL, withPlaceholder: Images.placeholder)

            try #require(session.tasks.first).complete(data: Images.onePixelPNG, statusCode: 200, error: nil)
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
            await mainQueueIsDrained()

            #expect(imageView.image == Images.image)
            #expect(sut.cachedTaskForImageView.isEmpty)
        }
    }

    @Suite("Milestone 10.7: a cancelled download's late answer")
    struct Milestone10_7 {
        @Test("A cancelled download's late answer leaves a newer download of the same URL alone")
        func cancelledDownloadsLateAnswerLeavesTheNewOneAlone() throws {
            let (sut, session) = makeSUT()
            let first = ImageResultSpy()
            let second = ImageResultSpy()
            sut.downloadImage(fromURL: Images.dogURL, completion: first.complete)?.cancel()
            _ = sut.downloadImage(fromURL: Images.dogURL, completion: second.complete)
            try #require(session.tasks.count == 2)

            session.tasks[0].complete(data: nil, statusCode: nil, error: URLError(.cancelled))
            session.tasks[1].complete(data: Images.onePixelPNG, statusCode: 200, error: nil)

            #expect(first.calls.isEmpty)
            #expect(second.calls.map(\.image) == [Images.image])
        }
    }
}

private func makeSUT() -> (sut: ImageClient, session: MockURLSession) {
    let session = MockURLSession()
    return (ImageClient(responseQueue: nil, session: session), session)
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
