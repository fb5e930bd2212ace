import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads three random dogs from the Dog CEO API.
public struct DogService: Sendable {
    private let networkService: NetworkService

    public init(networkService: NetworkService) {
        self.networkService = networkService
    }
}
