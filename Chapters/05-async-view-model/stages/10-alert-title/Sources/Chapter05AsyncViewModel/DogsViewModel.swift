import Observation

/// What the dogs screen shows, and what its buttons do.
///
/// It is `@Observable`, so a screen redraws when `status` or `error` changes, and `@MainActor`, so those
/// changes happen where a screen reads them.
@MainActor
@Observable
public final class DogsViewModel {
    public enum Status: Equatable, Sendable {
        case idle
        case loading
    }

    public private(set) var status = Status.idle

    private let dogService: DogService

    public init(dogService: DogService) {
        self.dogService = dogService
    }

    public func loadDogs() async {
        status = .loading
        _ = try? await dogService.loadDogs()
    }

    /// The alert's title.
    public func alertTitle() -> String {
        "Error loading dogs"
    }
}
