import Chapter08DogListings

/// Counts the calls of `getDogs`, keeps the last completion for the test to call, and returns a task
/// the test can inspect. Given an `immediateAnswer`, it calls the completion with it before `getDogs`
/// returns, as a client that answers from a cache may.
final class MockDogPatchService: DogPatchService {
    private(set) var getDogsCallCount = 0
    private(set) var getDogsCompletion: (@Sendable ([Dog]?, Error?) -> Void)?
    var immediateAnswer: [Dog]?
    let task = MockURLSessionTask()

    func getDogs(completion: @escaping @Sendable ([Dog]?, Error?) -> Void) -> any URLSessionTaskProtocol {
        getDogsCallCount += 1
        getDogsCompletion = completion
        if let immediateAnswer { completion(immediateAnswer, nil) }
        return task
    }
}
