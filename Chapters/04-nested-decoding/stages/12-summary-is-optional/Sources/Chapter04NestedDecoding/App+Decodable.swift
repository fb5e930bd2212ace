extension App: Decodable {
    private enum EntryKeys: String, CodingKey {
        case name = "im:name"
        case summary
        case images = "im:image"
    }

    /// The feed wraps each value in an object of its own: `{"label": value}`.
    private enum WrappedValueKeys: String, CodingKey {
        case label
    }

    /// Reads one entry of the feed: the name from `im:name.label`, the summary from `summary.label`,
    /// and the thumbnail from the label of the first `im:image`, the smallest icon.
    public init(from decoder: any Decoder) throws {
        let entry = try decoder.container(keyedBy: EntryKeys.self)

        let name = try entry.nestedContainer(keyedBy: WrappedValueKeys.self, forKey: .name)
        self.name = try name.decode(String.self, forKey: .label)

        if entry.contains(.summary) {
            let summary = try entry.nestedContainer(keyedBy: WrappedValueKeys.self, forKey: .summary)
            self.summary = try summary.decode(String.self, forKey: .label)
        } else {
            self.summary = ""
        }

        var images = try entry.nestedUnkeyedContainer(forKey: .images)
        let smallest = try images.nestedContainer(keyedBy: WrappedValueKeys.self)
        thumbImageUrl = try smallest.decode(String.self, forKey: .label)
    }
}
