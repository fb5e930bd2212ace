import Chapter08DogListings

/// Counts the calls of `getDogs`, keeps the last completion for the test to call, and returns a task
/// the test can inspect.
final class MockDogPatchService: DogPatchService {
    private(set) var getDogsCallCount = 0
    private(set) var getDogsCompletion: (@Sendable ([Dog]?, Error?) -> Void)?
    let task = MockURLSessionTask()

    func getDogs(completion: @escaping @Sendable ([Dog]?, Error?) -> Void) -> any URLSessionTaskProtocol {
        getDogsCallCount += 1
        getDogsCompletion = completion
        return task
    }
}
