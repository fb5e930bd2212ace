import Chapter07NetworkClient
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("DogPatchClient", .timeLimit(.minutes(1)))
struct DogPatchClientTests {
    @Suite("Milestone 7.2: the client keeps what it is made with")
    struct Milestone7_2 {
        @Test("A client keeps its base URL, session and response queue")
        func clientKeepsItsBaseURLSessionAndQueue() {
            let session = MockURLSession()
            let queue = DispatchQueue(label: "responses")

            let sut = DogPatchClient(baseURL: baseURL, session: session, responseQueue: queue)

            #expect(sut.baseURL.absoluteString == "https://example.com/api/v1/")
            #expect(sut.session as AnyObject === session)
            #expect(sut.responseQueue === queue)
        }

        @Test("A client made with no response queue keeps none")
        func clientMadeWithNoQueueKeepsNone() {
            let noQueue: DispatchQueue? = nil

            let sut = DogPatchClient(baseURL: baseURL, session: MockURLSession(), responseQueue: noQueue)

            #expect(sut.responseQueue == nil)
        }
    }

    @Suite("Milestone 7.3: getDogs asks for dogs")
    struct Milestone7_3 {
        @Test("getDogs makes one task, for dogs relative to the base URL")
        func getDogsMakesOneTaskForDogs() {
            let (sut, session) = makeSUT()

            _ = sut.getDogs { _, _ in }

            #expect(session.tasks.map(\.url?.absoluteString) == ["https://example.com/api/v1/dogs"])
        }
    }

    @Suite("Milestone 7.4: getDogs starts its task")
    struct Milestone7_4 {
        @Test("getDogs resumes the task it returns, once")
        func getDogsResumesItsTask() {
            let (sut, session) = makeSUT()

            let task = sut.getDogs { _, _ in }

            #expect(session.tasks.map(\.resumeCount) == [1])
            #expect(task as AnyObject === session.tasks.first)
        }
    }
}

private let baseURL = URL(string: "https://example.com/api/v1/") ?? URL(fileURLWithPath: "/")

private func makeSUT() -> (sut: DogPatchClient, session: MockURLSession) {
    let session = MockURLSession()
    return (DogPatchClient(baseURL: baseURL, session: session, responseQueue: nil), session)
}
