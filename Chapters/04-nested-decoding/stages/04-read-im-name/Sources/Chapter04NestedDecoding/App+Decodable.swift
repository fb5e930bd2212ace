extension App: Decodable {
    private enum EntryKeys: String, CodingKey {
        case name = "im:name"
    }

    /// The feed wraps each value in an object of its own: `{"label": value}`.
    private enum WrappedValueKeys: String, CodingKey {
        case label
    }

    /// Reads one entry of the feed: the name from `im:name.label`.
    public init(from decoder: any Decoder) throws {
        let entry = try decoder.container(keyedBy: EntryKeys.self)

        let name = try entry.nestedContainer(keyedBy: WrappedValueKeys.self, forKey: .name)
        self.name = try name.decode(String.self, forKey: .label)

        summary = ""
        thumbImageUrl = ""
    }
}
