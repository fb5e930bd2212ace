/// The feed's JSON, as far as the resource reads it: a `feed` holding its entries, each an ``App``.
struct TopAppsResponse: Decodable {
    struct Feed: Decodable {
        var entry: [App]
    }

    var feed: Feed
}
