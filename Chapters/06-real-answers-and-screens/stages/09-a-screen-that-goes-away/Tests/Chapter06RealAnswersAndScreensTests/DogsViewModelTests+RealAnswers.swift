import Chapter06RealAnswersAndScreens
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DogsViewModelTests {
    @MainActor
    @Suite("Milestone 6.1: an error answer is an error the user sees")
    struct Milestone6_1 {
        @Test("A 404 answer with the API's error body shows Error loading dogs, not a parsing error")
        func notFoundAnswerShowsErrorLoadingDogs() async {
            let (sut, _) = makeSUT(answers: [.status(404, body: DogsPayloads.breedNotFound)])

            await sut.loadDogs()

            #expect(sut.error == .loadDogs)
            #expect(sut.alertTitle() == "Error loading dogs")
            #expect(sut.status == .idle)
        }
    }

    @MainActor
    @Suite("Milestone 6.2: a picture without a breed is Unknown")
    struct Milestone6_2 {
        @Test("A picture whose path holds no breed, or that is no URL, is named Unknown")
        func pictureWithoutABreedIsUnknown() async {
            let (sut, _) = makeSUT(answers: [.ok(#"{"message":["https://images.dog.ceo/dog.jpg",""]}"#)])

            await sut.loadDogs()

            #expect(loadedDogs(of: sut).map(\.name) == ["Unknown", "Unknown"])
        }
    }

    @MainActor
    @Suite("Milestone 6.3: every status in order, each change announced")
    struct Milestone6_3 {
        @Test("A failed load goes loading, then idle; a retry loading, then loaded; each change is announced")
        func statusesInOrderEachAnnounced() async {
            let session = PendingSession()
            let sut = DogsViewModel(dogService: DogService(networkService: NetworkService(session: session)))
            let changes = StatusChanges(of: sut)
            var seen = [sut.status]

            async let failing: Void = sut.loadDogs()
            await session.waitForRequest()
            seen.append(sut.status)
            session.answer(with: .failure(URLError(.timedOut)))
            await failing
            seen.append(sut.status)

            async let retrying: Void = sut.retryLoadDogs()
            await session.waitForRequest()
            seen.append(sut.status)
            session.answer(with: .ok(DogsPayloads.noDogs))
            await retrying
            seen.append(sut.status)

            #expect(seen == [.idle, .loading, .idle, .loading, .loaded(dogs: [])])
            #expect(changes.count == 4)
        }
    }

    @MainActor
    @Suite("Milestone 6.4: the newest load wins")
    struct Milestone6_4 {
        @Test("A newer load wins: the older answer, arriving last, changes nothing")
        func olderAnswerArrivingLastIsIgnored() async {
            let session = PendingSession()
            let sut = DogsViewModel(dogService: DogService(networkService: NetworkService(session: session)))

            async let older: Void = sut.loadDogs()
            await session.waitForRequest()
            async let newer: Void = sut.loadDogs()
            await session.waitForRequest()
            session.answerNewest(with: .ok(DogsPayloads.noDogs))
            await newer
            session.answer(with: .ok(DogsPayloads.threeDogs))
            await older

            #expect(sut.status == .loaded(dogs: []))
        }
    }

    @MainActor
    @Suite("Milestone 6.5: a cancelled load gives the screen back")
    struct Milestone6_5 {
        @Test("A cancelled load changes nothing: no alert, and the dogs shown before it are shown again")
        func cancelledLoadChangesNothing() async {
            let session = PendingSession()
            let sut = DogsViewModel(dogService: DogService(networkService: NetworkService(session: session)))
            async let first: Void = sut.loadDogs()
            await session.waitForRequest()
            session.answer(with: .ok(DogsPayloads.threeDogs))
            await first

            let refresh = Task { await sut.loadDogs() }
            await session.waitForRequest()
            refresh.cancel()
            await refresh.value

            #expect(sut.error == nil)
            #expect(loadedDogs(of: sut).count == 3)
        }
    }
}
