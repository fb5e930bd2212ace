import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Testing

// The app's screens call the loader from the main actor, and so do these tests.
@Suite("ImageLoader", .timeLimit(.minutes(1)))
struct ImageLoaderTests {
    @MainActor
    @Suite("Milestone 11.1: an image loaded off the main actor, kept, and a failure not kept")
    struct Milestone11_1 {
        @Test(
            "Called from the main actor, the loader gives the image at its URL, asked off every actor")
        func loadsTheImageAtItsURL() async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: Images.dog)

            let image = try await loader.image(for: Images.dogURL)

            #expect(image == Image(data: Images.dog))
            #expect(source.requests.map(\.url) == [Images.dogURL])
            #expect(source.requests.map(\.askedFrom) == ["no actor"])
        }

        @Test(
            "An answer that is not an image is an error, which is not kept: the next ask tries again",
            arguments: [
                (Images.dog, 404, ImageLoader.Error.status(404)),
                (Images.notAnImage, 200, ImageLoader.Error.notAnImage),
            ])
        func aWrongAnswerIsAnError(data: Data, status: Int, error: ImageLoader.Error) async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: data, status: status)

            await #expect(throws: error) { try await loader.image(for: Images.dogURL) }
            source.answer(Images.dogURL, with: Images.dog)
            #expect(try await loader.image(for: Images.dogURL) == Image(data: Images.dog))
        }

        @Test("An image loaded once comes back without a second request")
        func aLoadedImageComesBackWithoutARequest() async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: Images.dog)
            _ = try await loader.image(for: Images.dogURL)

            let again = try await loader.image(for: Images.dogURL)

            #expect(again == Image(data: Images.dog))
            #expect(source.requests.count == 1)
        }
    }

    @MainActor
    @Suite("Milestone 11.2: callers asking for one URL at once share one download")
    struct Milestone11_2 {
        @Test("Two callers asking for one URL at once share one download")
        func callersAtOnceShareOneDownload() async throws {
            let (source, loader) = HeldSource.withLoader()
            let first = await heldCaller(of: loader, heldBy: source)
            let second = await arrivingCaller(loader, for: Images.dogURL)

            source.answer(Images.dogURL, with: Images.dog)

            #expect(try await first.value == Image(data: Images.dog))
            #expect(try await second.value == Image(data: Images.dog))
            #expect(source.requests.count == 1)
        }
    }

    @MainActor
    @Suite("Milestone 11.3: a cancelled caller leaves, and the download with the last one")
    struct Milestone11_3 {
        @Test(
            "A caller whose task is cancelled gets CancellationError, not the picture that comes after")
        func aCancelledCallerLeaves() async {
            let (source, loader) = HeldSource.withLoader()
            let caller = await heldCaller(of: loader, heldBy: source)

            caller.cancel()
            source.answer(Images.dogURL, with: Images.dog)

            await #expect(throws: CancellationError.self) { try await caller.value }
        }

        @Test("The download stops when its last caller leaves, who does not wait for an answer")
        func theDownloadStopsWhenItsLastCallerLeaves() async {
            let (source, loader) = HeldSource.withLoader()
            let caller = await heldCaller(of: loader, heldBy: source)

            await cancelAndWait(caller)

            #expect(source.requests.map(\.isCancelled) == [true])
        }

        @Test("The download goes on for a caller that still waits")
        func theDownloadGoesOnWhileACallerStillWaits() async throws {
            let (source, loader) = HeldSource.withLoader()
            let leaving = await heldCaller(of: loader, heldBy: source)
            let staying = await arrivingCaller(loader, for: Images.dogURL)

            await cancelAndWait(leaving)

            try #require(source.requests.map(\.isCancelled) == [false])
            source.answer(Images.dogURL, with: Images.dog)
            #expect(try await staying.value == Image(data: Images.dog))
        }

        @Test("A cancelled download's late answer changes nothing for the next caller")
        func aLateAnswerChangesNothing() async throws {
            let (source, loader) = HeldSource.withLoader()
            let leaving = await heldCaller(of: loader, heldBy: source)
            await cancelAndWait(leaving)

            // The late answer comes while the next caller holds the loader, before it can act on it.
            let next = Task {
                try await loader.image(
                    for: Images.dogURL,
                    arriving: { source.answerHeld(Images.dogURL, with: Images.otherDog) })
            }
            await source.waitForRequests(2)
            source.answer(Images.dogURL, with: Images.dog)

            let image = try await next.value
            #expect(image == Image(data: Images.dog))
        }

        @Test("Once its caller has left, nothing but the test holds the loader")
        func nothingButTheTestHoldsTheLoader() async {
            let source = HeldSource()
            var loader = ImageLoader(source: source, costLimit: 1_000)

            await cancelAndWait(await heldCaller(of: loader, heldBy: source))

            #expect(isKnownUniquelyReferenced(&loader), "the download its source never ends holds it")
        }
    }

    @MainActor
    @Suite("Milestone 12.2: images kept within a cost, the least recently used going first")
    struct Milestone12_2 {
        @Test("A third image pushes out the least recently used, not the one asked for last")
        func theLeastRecentlyUsedGoesFirst() async throws {
            let (source, loader) = HeldSource.withLoader(costLimit: 2 * Images.dog.count)
            let (ruby, otis, rex) = (Images.url("ruby"), Images.url("otis"), Images.url("rex"))
            for url in [ruby, otis, rex] { source.answer(url, with: Images.dog) }
            _ = try await loader.image(for: ruby)
            _ = try await loader.image(for: otis)
            _ = try await loader.image(for: ruby)

            _ = try await loader.image(for: rex)
            _ = try await loader.image(for: ruby)
            _ = try await loader.image(for: otis)

            #expect(source.requests.map(\.url) == [ruby, otis, rex, otis])
        }

        @Test("An image that costs more than the limit is given, and not kept")
        func anImageOverTheLimitIsNotKept() async throws {
            let (source, loader) = HeldSource.withLoader(costLimit: 2 * Images.dog.count)
            let big = Images.png(size: 3 * Images.dog.count)
            source.answer(Images.dogURL, with: big)

            #expect(try await loader.image(for: Images.dogURL) == Image(data: big))
            _ = try await loader.image(for: Images.dogURL)

            #expect(source.requests.count == 2)
        }

        @Test("Emptied when memory runs low, the cache downloads again and keeps again")
        func anEmptiedCacheKeepsPicturesAgain() async throws {
            let (source, loader) = HeldSource.withLoader()
            source.answer(Images.dogURL, with: Images.dog)
            _ = try await loader.image(for: Images.dogURL)

            await loader.removeAllImages()
            #expect(await loader.cachedBytes == 0)
            _ = try await loader.image(for: Images.dogURL)
            _ = try await loader.image(for: Images.dogURL)

            #expect(source.requests.count == 2)
        }
    }
}

/// A caller of the dog's picture, on the main actor as the suites are, whose request the source holds
/// now: the first it has.
@MainActor
private func heldCaller(of loader: ImageLoader, heldBy source: HeldSource) async -> Task<Image, any Error> {
    let caller = Task { try await loader.image(for: Images.dogURL) }
    await source.waitForRequests(1)
    return caller
}

/// Cancels a caller, and returns once it has left the loader.
@MainActor
private func cancelAndWait(_ caller: Task<Image, any Error>) async {
    caller.cancel()
    _ = try? await caller.value
}
