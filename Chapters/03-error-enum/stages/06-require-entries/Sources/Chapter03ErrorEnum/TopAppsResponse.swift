/// The feed's JSON, as far as the resource reads it so far: a `feed` holding a list of entries.
struct TopAppsResponse: Decodable {
    struct Feed: Decodable {
        var entry: [Entry]
    }

    /// One app of the feed. Chapter 4 reads its fields.
    struct Entry: Decodable {}

    var feed: Feed
}
