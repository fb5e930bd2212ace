/// The dogs for sale, as a list that refreshes: the UI-free heart of the book's
/// `ListingsViewController`, with a ``TableView`` and a ``RefreshControl`` standing in for UIKit's.
@MainActor
public final class ListingsController {
    public let networkClient: any DogPatchService
    /// The request on its way, if one is.
    public private(set) var dataTask: (any URLSessionTaskProtocol)?
    public private(set) var viewModels: [DogViewModel] = []
    /// Why the last refresh failed, for the screen to say; nil once a refresh succeeds.
    public private(set) var refreshError: (any Error)?
    public let tableView = TableView()
    public let refreshControl = RefreshControl()

    /// `networkClient` may call back on any queue; the answer is handled on the main actor.
    public init(networkClient: any DogPatchService = DogPatchClient.shared) {
        self.networkClient = networkClient
    }

    /// Called when the list comes on screen, as UIKit calls `viewWillAppear`: it asks for the dogs.
    public func appear() {
        refreshData()
    }

    /// Asks for the dogs, unless a request is already on its way, and shows them when they arrive.
    public func refreshData() {
        guard dataTask == nil else { return }
        refreshControl.beginRefreshing()
        let task = networkClient.getDogs { [weak self] dogs, error in
            MainQueue.run {
                guard let self else { return }
                self.dataTask = nil
                if let dogs {
                    self.viewModels = dogs.map(DogViewModel.init)
                    self.refreshError = nil
                } else {
                    // Keep the dogs already shown: an old list is better than none.
                    self.refreshError = error
                }
                self.refreshControl.endRefreshing()
                self.tableView.reloadData()
            }
        }
        // A client may answer before `getDogs` returns (from a cache, say): refreshing has then
        // ended, and there is no request left to wait for.
        if refreshControl.isRefreshing { dataTask = task }
    }
}
