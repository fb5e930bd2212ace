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

            #expect(session.probedCalls == ["makeDataTask", "resume", "cancel"])
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
            #expect(session.probedCalls == ["makeDataTask", "resume"])
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
}
