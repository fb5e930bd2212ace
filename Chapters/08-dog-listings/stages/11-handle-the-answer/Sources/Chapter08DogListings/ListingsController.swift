/// The dogs for sale, as a list that refreshes: the UI-free heart of the book's
/// `ListingsViewController`, with a ``TableView`` and a ``RefreshControl`` standing in for UIKit's.
@MainActor
public final class ListingsController {
    public let networkClient: any DogPatchService
    /// The request on its way, if one is.
    public private(set) var dataTask: (any URLSessionTaskProtocol)?
    public private(set) var viewModels: [DogViewModel] = []
    public let tableView = TableView()
    public let refreshControl = RefreshControl()

    /// `networkClient` must call back on the main queue, as `DogPatchClient.shared` does.
    public init(networkClient: any DogPatchService = DogPatchClient.shared) {
        self.networkClient = networkClient
    }

    /// Asks for the dogs, unless a request is already on its way, and shows them when they arrive.
    public func refreshData() {
        guard dataTask == nil else { return }
        refreshControl.beginRefreshing()
        dataTask = networkClient.getDogs { dogs, _ in
            MainActor.assumeIsolated {
                self.dataTask = nil
                self.viewModels = dogs?.map(DogViewModel.init) ?? []
                self.refreshControl.endRefreshing()
                self.tableView.reloadData()
            }
        }
    }
}
