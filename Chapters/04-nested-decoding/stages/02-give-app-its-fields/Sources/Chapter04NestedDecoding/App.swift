/// One app of the top-apps feed.
public struct App: Equatable, Sendable {
    public let name: String
    /// What the store says of the app; empty when the feed has no summary (none has since 2020).
    public let summary: String
    /// The URL of the app's smallest icon (53 pixels), as the feed writes it; empty when it has none.
    public let thumbImageUrl: String

    public init(name: String, summary: String, thumbImageUrl: String) {
        self.name = name
        self.summary = summary
        self.thumbImageUrl = thumbImageUrl
    }
}
