/// Why `getTopApps` could not give you the top apps.
public enum RessourceError: Error, Equatable {
    /// The fetch failed, or brought no data.
    case networkError
}
