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
        case loaded(dogs: [DogUI])
    }

    public private(set) var status = Status.idle

    private let dogService: DogService

    public init(dogService: DogService) {
        self.dogService = dogService
    }

    public func loadDogs() async {
        status = .loading
        do {
            status = .loaded(dogs: try await dogService.loadDogs())
        } catch {
            status = .idle
        }
    }

    public func retryLoadDogs() async {
        await loadDogs()
    }

    /// The alert's title.
    public func alertTitle() -> String {
        "Error loading dogs"
    }
}
