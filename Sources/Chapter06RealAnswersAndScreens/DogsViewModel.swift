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

    /// Why the last load failed: the screen shows an alert with a RETRY action while there is one.
    public enum DogsError: Equatable, Sendable {
        case loadDogs
        case parsingDogs

        /// What a failed load tells the user: data that could not be read, or dogs that could not be loaded.
        init(_ error: any Error) {
            switch error {
            case NetworkService.Error.invalidData: self = .parsingDogs
            default: self = .loadDogs
            }
        }
    }

    public private(set) var status = Status.idle
    public private(set) var error: DogsError?

    private let dogService: DogService
    /// How many loads have started: a load's answer counts only while it is the newest. Nothing on
    /// screen depends on it, so Observation need not watch it.
    @ObservationIgnored private var loadsStarted = 0

    public init(dogService: DogService) {
        self.dogService = dogService
    }

    public func loadDogs() async {
        loadsStarted += 1
        let load = loadsStarted
        let before = status
        status = .loading
        error = nil
        let answer: Result<[DogUI], any Error>
        do {
            answer = .success(try await dogService.loadDogs())
        } catch {
            answer = .failure(error)
        }
        // A load started while this one waited owns the screen now: this answer changes nothing.
        guard load == loadsStarted else { return }
        // A cancelled load (its screen went away, or its refresh was cancelled) has no answer: the screen
        // shows again what it showed before, not a load that never ends.
        guard !Task.isCancelled else {
            status = before
            return
        }
        switch answer {
        case .success(let dogs):
            status = .loaded(dogs: dogs)
        case .failure(let error):
            status = .idle
            self.error = DogsError(error)
        }
    }

    public func retryLoadDogs() async {
        await loadDogs()
    }

    /// The alert's title: what went wrong, or nothing when nothing did.
    public func alertTitle() -> String {
        switch error {
        case .loadDogs: "Error loading dogs"
        case .parsingDogs: "Error parsing dogs"
        case nil: ""
        }
    }
}
