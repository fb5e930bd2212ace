import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads three random dogs from the Dog CEO API.
public struct DogService: Sendable {
    public static let dogsURL = URL(staticString: "https://dog.ceo/api/breeds/image/random/3")

    private let networkService: NetworkService

    public init(networkService: NetworkService) {
        self.networkService = networkService
    }

    public func loadDogs() async throws -> [DogUI] {
        _ = try await networkService.perform(request: URLRequest(url: Self.dogsURL))
        return []
    }
}
