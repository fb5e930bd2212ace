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

    @Suite("Milestone 7.5: getDogs answers with the dogs or the error")
    struct Milestone7_5 {
        @Test("A 200 answer of valid JSON completes with the dogs and no error")
        func validJSONCompletesWithTheDogs() throws {
            let calls = try result(of: {
                $0.complete(data: DogPatchPayloads.twoDogs, statusCode: 200, error: nil)
            })

            #expect(calls.count == 1)
            #expect(calls.first?.dogs == (try DogPatchPayloads.decodedTwoDogs()))
            #expect(calls.first?.error == nil)
        }

        @Test(
            "A failed answer completes with its error and no dogs",
            arguments: [FailedAnswer.notJSON, .requestFailed])
        func failedAnswerCompletesWithItsError(_ answer: FailedAnswer) throws {
            let calls = try result(of: answer.finish)

            #expect(calls.count == 1)
            #expect(calls.first?.dogs == nil)
            #expect(
                answer.isItsError(calls.first?.error),
                "it completed with \(String(describing: calls.first?.error))")
        }
    }

    @Suite("Milestone 7.6: an error status is an error")
    struct Milestone7_6 {
        @Test("A 500 answer completes with an error, never with no dogs and no error")
        func serverErrorCompletesWithAnError() throws {
            let calls = try result(of: { $0.complete(data: Data(), statusCode: 500, error: nil) })

            #expect(calls.count == 1)
            #expect(calls.first?.dogs == nil)
            #expect(calls.first?.error as? DogPatchClient.Error == .unexpectedStatus(statusCode: 500))
        }
    }
}

private let baseURL = URL(string: "https://example.com/api/v1/") ?? URL(fileURLWithPath: "/")

private func makeSUT() -> (sut: DogPatchClient, session: MockURLSession) {
    let session = MockURLSession()
    return (DogPatchClient(baseURL: baseURL, session: session, responseQueue: nil), session)
}

/// Calls getDogs on a client without a response queue, finishes its task with `finish`, and returns
/// what the completion received.
private func result(of finish: (MockURLSessionTask) -> Void) throws -> [DogsResultSpy.Call] {
    let (sut, session) = makeSUT()
    let spy = DogsResultSpy()
    _ = sut.getDogs(completion: spy.complete)
    finish(try #require(session.tasks.first))
    return spy.calls
}

/// An answer that fails, and the error the client must pass on for it, as it came.
struct FailedAnswer: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let finish: @Sendable (MockURLSessionTask) -> Void
    let isItsError: @Sendable ((any Error)?) -> Bool

    /// A 200 answer that is not JSON: the decoder's error.
    static let notJSON = FailedAnswer(
        testDescription: "a 200 answer that is not JSON",
        finish: { $0.complete(data: DogPatchPayloads.notJSON, statusCode: 200, error: nil) },
        isItsError: { $0 is DecodingError })

    /// A request that fails: its own error.
    static let requestFailed = FailedAnswer(
        testDescription: "a failed request",
        finish: { $0.complete(data: nil, statusCode: nil, error: URLError(.timedOut)) },
        isItsError: { ($0 as? URLError)?.code == .timedOut })
}
