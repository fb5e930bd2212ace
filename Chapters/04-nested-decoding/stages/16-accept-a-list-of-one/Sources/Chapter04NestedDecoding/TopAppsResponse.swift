/// The feed's JSON, as far as the resource reads it: a `feed` holding its entries, each an ``App``.
struct TopAppsResponse: Decodable {
    struct Feed: Decodable {
        var entry: [App]

        private enum CodingKeys: String, CodingKey {
            case entry
        }

        /// Reads the entries. A feed of one app holds its entry as an object, not as a list of one (the
        /// feed is made from XML, where one element and a list of one look alike), so an object that
        /// reads as an app is taken as a list of one; anything else stays a type mismatch.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                entry = try container.decode([App].self, forKey: .entry)
            } catch let error as DecodingError {
                guard case .typeMismatch = error, let single = try? container.decode(App.self, forKey: .entry)
                else {
                    throw error
                }
                entry = [single]
            }
        }
    }

    var feed: Feed
}
