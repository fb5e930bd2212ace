/// The dogs for sale, as a list that refreshes: the UI-free heart of the book's
/// `ListingsViewController`.
@MainActor
public final class ListingsController {
    public let networkClient: any DogPatchService
    /// The request on its way, if one is.
    public private(set) var dataTask: (any URLSessionTaskProtocol)?

    /// `networkClient` must call back on the main queue, as `DogPatchClient.shared` does.
    public init(networkClient: any DogPatchService = DogPatchClient.shared) {
        self.networkClient = networkClient
    }

    /// Asks for the dogs.
    public func refreshData() {
        dataTask = networkClient.getDogs { _, _ in }
    }
}
