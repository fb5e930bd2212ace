/// The feed's JSON, as far as the resource reads it so far: an object with a `feed`.
struct TopAppsResponse: Decodable {
    struct Feed: Decodable {}

    var feed: Feed
}
