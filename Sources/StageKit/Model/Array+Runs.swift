extension Array {
    /// The elements in runs of neighbours that share a key, in order: the steps of one chapter, or
    /// of one milestone.
    package func runs<Key: Equatable>(by key: (Element) -> Key) -> [(key: Key, elements: [Element])] {
        var runs: [(key: Key, elements: [Element])] = []
        for element in self {
            let elementKey = key(element)
            if let last = runs.last, last.key == elementKey {
                runs[runs.count - 1].elements.append(element)
            } else {
                runs.append((elementKey, [element]))
            }
        }
        return runs
    }
}
