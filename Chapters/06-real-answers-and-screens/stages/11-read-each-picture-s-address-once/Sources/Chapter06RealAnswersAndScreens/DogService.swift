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
        let api: DogsApi = try await networkService.perform(request: URLRequest(url: Self.dogsURL))
        return api.message.map { URL(string: $0) }.map { DogUI(url: $0, name: Self.breedName(of: $0)) }
    }

    /// The breed, from the folder after `breeds` in the picture's path:
    /// `…/breeds/setter-english/n02100735_4870.jpg` is "Setter English". "Unknown" when there is none.
    static func breedName(of url: URL?) -> String {
        guard let components = url?.pathComponents, let breeds = components.firstIndex(of: "breeds"),
            breeds + 2 < components.count
        else { return "Unknown" }
        return components[breeds + 1].split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}
