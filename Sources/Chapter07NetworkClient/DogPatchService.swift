/// What the listings need of a client: the dogs for sale, and the task that fetches them.
nonisolated public protocol DogPatchService {
    func getDogs(completion: @escaping @Sendable ([Dog]?, Error?) -> Void) -> any URLSessionTaskProtocol
}
