/// Stands in for `UIRefreshControl`: knows whether it is spinning.
@MainActor
public final class RefreshControl {
    public private(set) var isRefreshing = false

    public init() {}

    public func beginRefreshing() {
        isRefreshing = true
    }

    public func endRefreshing() {
        isRefreshing = false
    }
}
