/// Stands in for `UITableView`: counts the times it is asked to reload.
@MainActor
public final class TableView {
    public private(set) var reloadCount = 0

    public init() {}

    public func reloadData() {
        reloadCount += 1
    }
}
