import Foundation

/// The dogs for sale, as a list that refreshes: the UI-free heart of the book's
/// `ListingsViewController`, with a ``TableView`` and a ``RefreshControl`` standing in for UIKit's.
@MainActor
public final class ListingsController {
    /// What a row shows until its dog's picture arrives: a small grey square.
    public static let placeholder = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAADklEQVR4nGOIAgMGCAUAHZYEObKWwgEAAAAASUVORK5CYII="
    ).flatMap(Image.init(data:))

    public let networkClient: any DogPatchService
    public let imageClient: any ImageService
    /// The request on its way, if one is.
    public private(set) var dataTask: (any URLSessionTaskProtocol)?
    public private(set) var viewModels: [DogViewModel] = []
    /// Why the last refresh failed, for the screen to say; nil once a refresh succeeds.
    public private(set) var refreshError: (any Error)?
    public let tableView = TableView()
    public let refreshControl = RefreshControl()

    /// `networkClient` may call back on any queue; the answer is handled on the main actor.
    public init(
        networkClient: any DogPatchService = DogPatchClient.shared,
        imageClient: any ImageService = ImageClient.shared
    ) {
        self.networkClient = networkClient
        self.imageClient = imageClient
    }

    /// The row for the dog at `index` of `viewModels`: its name, and its picture on the way, over the
    /// placeholder.
    public func row(at index: Int) -> ListingRow {
        let viewModel = viewModels[index]
        let row = ListingRow(name: viewModel.name)
        imageClient.setImage(
            on: row.imageView, fromURL: viewModel.imageURL, withPlaceholder: Self.placeholder)
        return row
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
            MainQueue.run { self?.show(dogs, or: error) }
        }
        // A client may answer before `getDogs` returns (from a cache, say): refreshing has then
        // ended, and there is no request left to wait for.
        if refreshControl.isRefreshing { dataTask = task }
    }

    /// Ends a refresh with its answer: the dogs it brought, or the error that stopped it.
    private func show(_ dogs: [Dog]?, or error: (any Error)?) {
        dataTask = nil
        if let dogs {
            viewModels = dogs.map(DogViewModel.init)
            refreshError = nil
        } else {
            // Keep the dogs already shown: an old list is better than none.
            refreshError = error
        }
        refreshControl.endRefreshing()
        tableView.reloadData()
    }
}
