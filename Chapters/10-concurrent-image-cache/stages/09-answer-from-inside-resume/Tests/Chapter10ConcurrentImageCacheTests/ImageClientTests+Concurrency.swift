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
}
